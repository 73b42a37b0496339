import { describe, expect, it } from 'vitest';
import { flashCsv } from './components/history-page';
import { flashTerms } from './components/initiate-page';

describe('flash remittance terms', () => {
  it('rounds the fee up to the unit and the rest goes to the recipient', () => {
    expect(flashTerms('333.33', '0.001', 2)).toEqual({ fee: '0.34', received: '332.99' });
    expect(flashTerms('100', '0.001', 2)).toEqual({ fee: '0.1', received: '99.9' });
    expect(flashTerms('250', '0', 2)).toEqual({ fee: '0', received: '250' });
    expect(flashTerms('1001', '0.001', 0)).toEqual({ fee: '2', received: '999' });
  });

  it('exports quoted CSV lines', () => {
    const csv = flashCsv(
      [
        {
          id: 'r1',
          clientRequestId: 'c1',
          side: 'SENT',
          sender: { uid: '1', maskedEmail: 'a***@x.com' },
          recipient: { uid: '2', maskedEmail: 'b***@x.com' },
          note: 'Bob',
          currency: 'USD',
          amount: '10',
          fee: '0',
          received: '10',
          cdcAmount: '10',
          message: 'Hi, "you"',
          status: 'COMPLETED',
          terminationReason: null,
          rejectReason: null,
          expiresAt: '2026-11-25T00:00:00.000Z',
          createdAt: '2026-11-24T12:00:00.000Z',
          updatedAt: '2026-11-24T12:00:00.000Z',
          decidedAt: null,
          completedAt: null,
        },
      ],
      ['Time', 'ID'],
    );
    expect(csv.split('\n')).toEqual([
      'Time,ID',
      '2026-11-24T12:00:00.000Z,r1,SENT,1,2,USD,10,0,10,COMPLETED,,"Hi, ""you"""',
    ]);
  });
});
