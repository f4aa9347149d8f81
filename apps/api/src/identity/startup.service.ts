import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ClientCredentials, CreateDemoAppUseCase, EnsureAppUseCase } from '@strive/domain';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { underStartupLock } from '../persistence/startup-lock';
import { APP_CONFIG } from '../system/tokens';
import { saveDemoCredentials } from './demo-credentials';

/**
 * At start: ensures the BOOTSTRAP_* app exists, and on a first embedded start with no
 * app at all creates a demo app, so `npm start` alone gives a newcomer something to call. Its
 * credentials go to DATA_DIR/demo-credentials.json (mode 0600) and are kept here for main.ts to
 * print after the start-up logging, where a person sees them.
 */
@Injectable()
export class StartupService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Startup');
  /** Set on a first start that created the demo app; never logged. */
  demoApp: { readonly credentials: ClientCredentials; readonly savedTo: string | null } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ensureApp: EnsureAppUseCase,
    private readonly createDemoApp: CreateDemoAppUseCase,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const bootstrap = this.config.bootstrap;
    if (bootstrap) {
      // Under the start-up lock: two processes starting together would both find no app and create it.
      const app = await underStartupLock(this.dataSource, () =>
        this.ensureApp.execute({
          name: bootstrap.appName,
          credentials: { clientId: bootstrap.clientId, clientSecret: bootstrap.clientSecret },
        }),
      );
      this.logger.log(`Bootstrap app "${app.name}" is ready (client id ${app.clientId}).`);
    }
    if (this.config.databaseUrl || !this.config.demoApp) return;
    const demo = await this.createDemoApp.execute();
    if (demo) {
      // An in-memory database has no folder to keep them in.
      const savedTo = this.config.dataDir.startsWith('memory://') ? null : saveDemoCredentials(this.config.dataDir, demo.credentials);
      this.demoApp = { credentials: demo.credentials, savedTo };
      this.logger.log(`Created the demo app (client id ${demo.credentials.clientId}).`);
    }
  }
}
