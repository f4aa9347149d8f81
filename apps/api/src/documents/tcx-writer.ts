import { ActivityFile } from '@strive/domain';
import { xml, xmlTime } from './xml-text';

const TCX_SPORTS: Record<string, 'Running' | 'Biking'> = {
  RUNNING: 'Running', TREADMILL_RUNNING: 'Running', TRAIL_RUNNING: 'Running',
  CYCLING: 'Biking', INDOOR_CYCLING: 'Biking', MOUNTAIN_BIKING: 'Biking',
};

/** Heart rate is an unsignedByte of at least 1 in TCX. */
const bpm = (value: number) => Math.min(255, Math.max(1, Math.round(value)));

/**
 * Training Center XML v2 (Garmin): one activity with one lap holding the workout's totals
 * and every point (position and altitude when known, heart rate when known).
 */
export function writeTcx(file: ActivityFile): string {
  const sport = TCX_SPORTS[file.type] ?? 'Other';
  const points = file.points.map((p) => {
    const position = p.latitude === null || p.longitude === null ? '' : `<Position><LatitudeDegrees>${p.latitude}</LatitudeDegrees><LongitudeDegrees>${p.longitude}</LongitudeDegrees></Position>`;
    const altitude = p.altitude === null ? '' : `<AltitudeMeters>${p.altitude}</AltitudeMeters>`;
    const hr = p.heartRate === null ? '' : `<HeartRateBpm><Value>${bpm(p.heartRate)}</Value></HeartRateBpm>`;
    return `          <Trackpoint><Time>${xmlTime(p.time)}</Time>${position}${altitude}${hr}</Trackpoint>`;
  });
  const average = file.averageHeartRate === null ? '' : `<AverageHeartRateBpm><Value>${bpm(file.averageHeartRate)}</Value></AverageHeartRateBpm>`;
  const max = file.maxHeartRate === null ? '' : `<MaximumHeartRateBpm><Value>${bpm(file.maxHeartRate)}</Value></MaximumHeartRateBpm>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">',
    '  <Activities>',
    `    <Activity Sport="${sport}">`,
    `      <Id>${xmlTime(file.start)}</Id>`,
    `      <Lap StartTime="${xmlTime(file.start)}">`,
    `        <TotalTimeSeconds>${file.durationSeconds}</TotalTimeSeconds><DistanceMeters>${file.distance}</DistanceMeters>` +
      `<Calories>${Math.min(65_535, Math.round(file.calories ?? 0))}</Calories>${average}${max}<Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>`,
    '        <Track>',
    ...points,
    '        </Track>',
    '      </Lap>',
    `      <Notes>${xml(file.name ?? file.type)}</Notes>`,
    '    </Activity>',
    '  </Activities>',
    '</TrainingCenterDatabase>',
    '',
  ].join('\n');
}
