import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CreateDemoAppUseCase, EnsureAppUseCase } from '@strive/domain';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../system/tokens';

/**
 * At start: ensures the BOOTSTRAP_* app exists, and on a first embedded start with no
 * app at all creates a demo app and prints its credentials once, so `npm start`
 * alone gives a newcomer something to call.
 */
@Injectable()
export class StartupService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Startup');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ensureApp: EnsureAppUseCase,
    private readonly createDemoApp: CreateDemoAppUseCase,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const bootstrap = this.config.bootstrap;
    if (bootstrap) {
      const app = await this.ensureApp.execute({
        name: bootstrap.appName,
        credentials: { clientId: bootstrap.clientId, clientSecret: bootstrap.clientSecret },
      });
      this.logger.log(`Bootstrap app "${app.name}" is ready (client id ${app.clientId}).`);
    }
    if (this.config.databaseUrl || !this.config.demoApp) return;
    const demo = await this.createDemoApp.execute();
    if (demo) {
      // Deliberately on stdout, outside the JSON log stream: shown once, never logged.
      process.stdout.write(
        [
          '',
          'Strive created a demo app on this first start. Its credentials are shown only now:',
          JSON.stringify({ client_id: demo.credentials.clientId, client_secret: demo.credentials.clientSecret }),
          '',
        ].join('\n') + '\n',
      );
    }
  }
}
