import { ActivityFile } from '@strive/domain';
import { xml, xmlTime } from './xml-text';

/**
 * GPX 1.1 (topografix.com/GPX/1/1): one track of the positioned points, heart rate in
 * Garmin's TrackPointExtension v1 (the extension Strava, Garmin Connect and others read).
 */
export function writeGpx(file: ActivityFile): string {
  const title = file.name ?? `${file.type} ${xmlTime(file.start)}`;
  const points = file.points.filter((p) => p.latitude !== null && p.longitude !== null).map((p) => {
    const ele = p.altitude === null ? '' : `<ele>${p.altitude}</ele>`;
    const hr = p.heartRate === null ? '' : `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${Math.round(p.heartRate)}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>`;
    return `      <trkpt lat="${p.latitude}" lon="${p.longitude}">${ele}<time>${xmlTime(p.time)}</time>${hr}</trkpt>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Strive" xmlns="http://www.topografix.com/GPX/1/1" ' +
      'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
    `  <metadata><name>${xml(title)}</name><time>${xmlTime(file.start)}</time></metadata>`,
    `  <trk><name>${xml(title)}</name><type>${xml(file.type)}</type>`,
    '    <trkseg>',
    ...points,
    '    </trkseg>',
    '  </trk>',
    '</gpx>',
    '',
  ].join('\n');
}
