import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../../connections/connections.module';
import { ConnectionWidgetController } from './connection-widget.controller';
import { ConnectionController } from './connection.controller';
import { ProfileConnectionController } from './profile-connection.controller';

/** Connection endpoints, the OAuth callback, vendor webhooks and the widget page (issue 11). */
@Module({
  imports: [ConnectionsModule],
  controllers: [ConnectionController, ProfileConnectionController, ConnectionWidgetController],
})
export class ConnectionHttpModule {}
