import { SerialRounds } from './serial-rounds';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SerialRounds', () => {
  it('starts a round only once the round under way has ended, a failed one included', async () => {
    const log: string[] = [];
    let n = 0;
    const rounds = new SerialRounds(async () => {
      const round = ++n;
      log.push(`start ${round}`);
      await tick(5);
      log.push(`end ${round}`);
      if (round === 1) throw new Error('first failed');
      return round;
    }, () => undefined);
    const first = rounds.run();
    const second = rounds.run();
    const third = rounds.run();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(await third).toBe(3);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('runs every interval after the last round ended, reports failures and goes on; stop() waits for the round under way', async () => {
    const errors: string[] = [];
    let rounds = 0;
    let running = false;
    const loop = new SerialRounds(async () => {
      running = true;
      rounds++;
      await tick(3);
      running = false;
      if (rounds === 2) throw new Error('second failed');
    }, (error) => errors.push(error.message));
    loop.every(5);
    while (rounds < 4) await tick(1);
    await loop.stop();
    expect(running).toBe(false);
    expect(errors).toEqual(['second failed']);
    const after = rounds;
    await tick(30);
    expect(rounds).toBe(after);
    expect(loop.isStopped).toBe(true);
  });

  it('start() reports a failure instead of answering it', async () => {
    const errors: string[] = [];
    const rounds = new SerialRounds(async () => {
      throw new Error('boom');
    }, (error) => errors.push(error.message));
    rounds.start();
    await rounds.stop();
    await tick(0);
    expect(errors).toEqual(['boom']);
  });
});
