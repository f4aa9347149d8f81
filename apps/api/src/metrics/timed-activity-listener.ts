import { ActivityChange, ActivityChangeListener, TransactionPorts } from '@strive/domain';
import { StriveMetrics } from './strive-metrics';

/** A write path listener whose time goes into strive_rescore_duration_seconds{trigger}. */
export function timedActivityListener(trigger: string, listener: ActivityChangeListener, metrics: StriveMetrics): ActivityChangeListener {
  return {
    async activityChanged(change: ActivityChange, ports: TransactionPorts): Promise<void> {
      const stop = metrics.rescoreDuration.startTimer({ trigger });
      try {
        await listener.activityChanged(change, ports);
      } finally {
        stop();
      }
    },
  };
}
