import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { verifySignature } from '@exchange/contracts/signed-request';
import { pino } from 'pino';
import type { KycProviderSubmission } from '@exchange/contracts';
import { validIndividualAdvanced, validIndividualBasic } from '@exchange/contracts/testing/kyc';
import { KycSim } from '../../src/sim/kyc/kyc-sim.js';

const secret = randomBytes(32).toString('hex');
let server: Server | undefined;
afterEach(() => server?.close());

/** A callback receiver that answers with the given statuses in turn, then 200. */
async function receiver(failures: number) {
  const calls: { body: string; signature: string; timestamp: string }[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls.push({
        body,
        signature: String(req.headers['x-signature']),
        timestamp: String(req.headers['x-timestamp']),
      });
      const ok = calls.length > failures;
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { code: '200', data: {} } : { code: '1000' }));
    });
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return { url, calls };
}

const submission = (lastName: string, callbackUrl: string): KycProviderSubmission => ({
  applicationId: '5b0e8f0e-8a3e-4d5e-9d6f-2f1c7a1b2c3d',
  reference: `ref-${lastName}`,
  kind: 'INDIVIDUAL',
  data: { basic: { ...validIndividualBasic(), lastName }, advanced: validIndividualAdvanced() },
  callbackUrl,
});

describe('the simulated KYC provider', () => {
  it('decides after the review time on the scaled clock, and retries with backoff until acknowledged', async () => {
    let now = 1_000_000;
    const { url, calls } = await receiver(2);
    const sim = new KycSim({
      secret,
      reviewMs: 60_000,
      timeScale: 60,
      retryBaseMs: 1000,
      log: pino({ level: 'silent' }),
      now: () => now,
    });
    sim.receive(submission('Rejects', url));
    await sim.tick();
    expect(calls).toHaveLength(0);
    now += 999; // 60 logical seconds are 1000 real ms at scale 60
    await sim.tick();
    expect(calls).toHaveLength(0);
    now += 1;
    await sim.tick();
    expect(calls).toHaveLength(1);
    await sim.tick();
    expect(calls).toHaveLength(1); // backing off 1 s
    now += 1000;
    await sim.tick();
    expect(calls).toHaveLength(2);
    now += 1999; // then 2 s
    await sim.tick();
    expect(calls).toHaveLength(2);
    now += 1;
    await sim.tick();
    expect(calls).toHaveLength(3);
    expect(sim.list()[0]).toMatchObject({ state: 'DELIVERED', attempts: 3 });
    now += 60_000;
    await sim.tick();
    expect(calls).toHaveLength(3);

    // Every attempt is the same event, signed afresh.
    const bodies = calls.map((c) => JSON.parse(c.body) as { eventId: string; decision: string });
    expect(new Set(bodies.map((b) => b.eventId)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ decision: 'REJECT' });
    for (const c of calls)
      expect(
        verifySignature({
          secret,
          text: c.body,
          signature: c.signature,
          timestamp: c.timestamp,
          nowMs: now,
        }).ok,
      ).toBe(true);
  });

  it('decides by name: Fail fails, Manual waits for a command, anything else passes', async () => {
    const { url, calls } = await receiver(0);
    const sim = new KycSim({ secret, reviewMs: 0, timeScale: 1, log: pino({ level: 'silent' }) });
    sim.receive(submission('Failsworth', url));
    sim.receive(submission('Schmidt', url));
    sim.receive(submission('Manual', url));
    await sim.tick();
    const decisions = calls.map((c) => (JSON.parse(c.body) as { decision: string }).decision);
    expect(decisions.sort()).toEqual(['FAILED', 'PASS']);
    expect(sim.list().find((r) => r.name === 'Manual')).toMatchObject({ state: 'WAITING' });
    expect(sim.decide('ref-Manual', 'REJECT', 'Expired passport')).not.toBeNull();
    await sim.tick();
    expect(JSON.parse(calls[2]?.body ?? '{}')).toMatchObject({
      decision: 'REJECT',
      reason: 'Expired passport',
    });
    expect(sim.decide('ref-Manual', 'PASS', null)).toBeNull();
  });
});
