import { Device, Notification } from '@strive/domain';
import { RecordedPush } from '../../delivery/notifications/recorded-push-reader';
import { DeviceView, NotificationDetailView, NotificationForProfilesView, NotificationView, RecordedPushView } from './notification.dto';

export function presentDevice(device: Device): DeviceView {
  return { token: device.token, platform: device.platform, profile: device.profileId, registered_at: device.registeredAt.toISOString() };
}

export function presentNotification(n: Notification): NotificationView {
  return {
    public_id: n.id,
    title: n.content.title,
    body: n.content.body,
    data: { ...n.content.data },
    image: n.content.image,
    status: n.status,
    created: n.createdAt.toISOString(),
    finished: n.finishedAt?.toISOString() ?? null,
    ...n.counts,
  };
}

export function presentNotificationForProfiles(n: Notification): NotificationForProfilesView {
  return { ...presentNotification(n), profiles: n.target.kind === 'profiles' ? [...n.target.profileIds] : [] };
}

export function presentNotificationDetail(n: Notification): NotificationDetailView {
  return { ...presentNotification(n), profiles: n.target.kind === 'profiles' ? [...n.target.profileIds] : null };
}

export function presentRecordedPush(push: RecordedPush): RecordedPushView {
  const { title, body, data, image } = push.message;
  return { platform: push.platform, token: push.token, message: { title, body, data, image }, recorded_at: push.recordedAt.toISOString() };
}
