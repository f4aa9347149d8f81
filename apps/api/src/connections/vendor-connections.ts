import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { ProviderDirectory } from '@strive/domain';
import { createDataProviders, vendorSettingsFromEnv } from '@strive/providers';
import { startVendorSandbox, VendorSandbox } from '@strive/providers/sandbox';
import { AppConfig } from '../config/app-config';

/**
 * The vendors this process connects to: those with credentials in the environment
 * (<VENDOR>_CLIENT_ID, ...), the others through the local vendor sandbox when it runs
 * (VENDOR_SANDBOX: `on`, or `auto` = embedded mode and no vendor has credentials). The sandbox
 * runs inside this process and stops with it.
 */
export class VendorConnections implements OnApplicationShutdown {
  private constructor(
    readonly directory: ProviderDirectory,
    readonly sandbox: VendorSandbox | null,
    /** Whether any vendor can be connected (then vendor tokens will be sealed). */
    readonly configured: boolean,
  ) {}

  static async start(config: AppConfig): Promise<VendorConnections> {
    const { vendorSandbox, vendorEnv, sandboxPort, sandboxAutoConsent } = config.connections;
    const withCredentials = vendorSettingsFromEnv(vendorEnv, null);
    const wanted = vendorSandbox === 'on' || (vendorSandbox === 'auto' && config.databaseUrl === null && withCredentials.size === 0);
    let sandbox: VendorSandbox | null = null;
    if (wanted) {
      try {
        sandbox = await startVendorSandbox({ host: '127.0.0.1', port: sandboxPort, autoConsent: sandboxAutoConsent });
        new Logger('Connections').log(`vendor sandbox listening on ${sandbox.baseUrl} (vendors without credentials connect to it)`);
      } catch (error) {
        // `auto` is a convenience: a busy port must not keep the API from starting.
        if (vendorSandbox === 'on') throw error;
        new Logger('Connections').warn(`vendor sandbox not started: ${(error as Error).message}`);
      }
    }
    const settings = vendorSettingsFromEnv(vendorEnv, sandbox?.baseUrl ?? null);
    return new VendorConnections(new ProviderDirectory(createDataProviders(settings)), sandbox, settings.size > 0);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sandbox?.close();
  }
}
