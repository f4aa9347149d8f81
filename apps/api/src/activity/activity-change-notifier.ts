import { Injectable, Logger } from '@nestjs/common';
import { ActivityChange, ActivityChangeListener } from '@strive/domain';

/**
 * Tells every registered ActivityChangeListener about a stored activity change (ingestion,
 * an awarded event), one after the other, before the request answers. Another module adds
 * its listener at start, e.g. in its onModuleInit: `notifier.register(listener)` (the
 * notifier is one instance, in a global module). A failing listener fails the request (500):
 * scores must not silently drift from the data.
 */
@Injectable()
export class ActivityChangeNotifier implements ActivityChangeListener {
  private readonly logger = new Logger('ActivityChange');

  private readonly listeners: ActivityChangeListener[] = [];

  register(listener: ActivityChangeListener): void {
    if (!this.listeners.includes(listener)) this.listeners.push(listener);
  }

  async activityChanged(change: ActivityChange): Promise<void> {
    for (const listener of this.listeners) await listener.activityChanged(change);
    this.logger.debug(`activity changed: profile ${change.profileId} ${change.from.toISOString()}..${change.to.toISOString()}`);
  }
}
