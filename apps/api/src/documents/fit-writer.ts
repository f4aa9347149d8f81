import { Encoder, Mesg, Profile } from '@garmin/fitsdk';
import { ActivityFile } from '@strive/domain';

const FIT_SPORTS: Record<string, string> = {
  RUNNING: 'running', TREADMILL_RUNNING: 'running', TRAIL_RUNNING: 'running', CYCLING: 'cycling', INDOOR_CYCLING: 'cycling',
  MOUNTAIN_BIKING: 'cycling', SWIMMING: 'swimming', OPEN_WATER_SWIMMING: 'swimming', WALKING: 'walking', HIKING: 'hiking',
  ROWING: 'rowing', INDOOR_ROWING: 'rowing', STRENGTH_TRAINING: 'training',
};

/** Degrees as FIT semicircles (2^31 per 180°). */
const semicircles = (degrees: number) => Math.round(degrees * (2 ** 31 / 180));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A FIT activity file written with Garmin's SDK: file_id, a timer start event, one record
 * per point, a timer stop event, one lap, one session and the activity. Values are kept within
 * the ranges of their FIT fields (heart rate 0-254, speed up to 65 m/s, altitude -500 to 12,000 m).
 */
export function writeFit(file: ActivityFile): Buffer {
  const end = new Date(file.start.getTime() + Math.round(file.durationSeconds * 1000));
  const sport = FIT_SPORTS[file.type] ?? 'generic';
  const encoder = new Encoder();
  // Field names and enum names as in Garmin's Profile; the SDK checks them as it encodes.
  const write = (mesgNum: number, fields: Record<string, unknown>): Encoder => encoder.onMesg(mesgNum, fields as Mesg);
  write(Profile.MesgNum.FILE_ID, { type: 'activity', manufacturer: 'development', product: 0, timeCreated: file.start, serialNumber: 1 });
  write(Profile.MesgNum.EVENT, { timestamp: file.start, event: 'timer', eventType: 'start' });
  for (const p of file.points) {
    const record: Record<string, unknown> = { timestamp: p.time };
    if (p.latitude !== null && p.longitude !== null) {
      record.positionLat = semicircles(p.latitude);
      record.positionLong = semicircles(p.longitude);
    }
    if (p.altitude !== null) record.altitude = clamp(p.altitude, -500, 12_000);
    if (p.speed !== null) record.speed = clamp(p.speed, 0, 65);
    if (p.heartRate !== null) record.heartRate = clamp(Math.round(p.heartRate), 0, 254);
    write(Profile.MesgNum.RECORD, record);
  }
  write(Profile.MesgNum.EVENT, { timestamp: end, event: 'timer', eventType: 'stopAll' });
  const totals: Record<string, unknown> = {
    startTime: file.start, totalElapsedTime: file.durationSeconds, totalTimerTime: file.durationSeconds,
    totalDistance: file.distance, sport,
  };
  if (file.calories !== null) totals.totalCalories = clamp(Math.round(file.calories), 0, 65_534);
  if (file.averageHeartRate !== null) totals.avgHeartRate = clamp(Math.round(file.averageHeartRate), 0, 254);
  if (file.maxHeartRate !== null) totals.maxHeartRate = clamp(Math.round(file.maxHeartRate), 0, 254);
  write(Profile.MesgNum.LAP, { messageIndex: 0, timestamp: end, event: 'lap', eventType: 'stop', ...totals });
  write(Profile.MesgNum.SESSION, { messageIndex: 0, timestamp: end, event: 'session', eventType: 'stop', firstLapIndex: 0, numLaps: 1, ...totals });
  write(Profile.MesgNum.ACTIVITY, {
    timestamp: end, numSessions: 1, type: 'manual', event: 'activity', eventType: 'stop', totalTimerTime: file.durationSeconds,
  });
  return Buffer.from(encoder.close());
}
