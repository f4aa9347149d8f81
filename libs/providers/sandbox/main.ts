import { startVendorSandbox } from './index';

/** `npm run sandbox`: the vendor sandbox on its own (SANDBOX_PORT, default 3001). */
async function main(): Promise<void> {
  const port = Number(process.env.SANDBOX_PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('SANDBOX_PORT must be a port number');
  const sandbox = await startVendorSandbox({ host: process.env.SANDBOX_HOST ?? '127.0.0.1', port });
  process.stdout.write(`vendor sandbox listening on ${sandbox.baseUrl} (controls: ${sandbox.baseUrl}/__sandbox/)\n`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
