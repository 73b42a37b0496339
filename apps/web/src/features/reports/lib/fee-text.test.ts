import { FEE_CHANNEL_TERMS, type FeeChannel, type FeeChannelCode } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n';
import { channelFeeText, ratePercent } from './fee-text';

const channel = (code: FeeChannelCode, offered = false): FeeChannel => ({
  channel: code,
  offered,
  ...FEE_CHANNEL_TERMS[code],
});
const t = i18n.t.bind(i18n);

describe('fee texts', () => {
  it('writes rates as exact percentages', () => {
    expect(ratePercent('0.01')).toBe('1%');
    expect(ratePercent('0.047')).toBe('4.7%');
    expect(ratePercent('0.001')).toBe('0.1%');
    expect(ratePercent('0.00025')).toBe('0.025%');
  });

  it("words each channel from the spec's terms, price first, then what comes on top", () => {
    expect(channelFeeText(channel('CRYPTO_WITHDRAWAL'), t)).toEqual({
      main: '1% of the amount',
      notes: ['Limited-time offer.', 'The network gas fee comes on top.'],
    });
    expect(channelFeeText(channel('CARD_DEPOSIT'), t)).toEqual({
      main: '4.7% of the amount + 0.3 USD',
      notes: ['At most the equivalent of 1,000,000 USD per deposit.'],
    });
    expect(channelFeeText(channel('FIAT_WITHDRAWAL'), t)).toEqual({
      main: 'No exchange fee.',
      notes: [
        'Intermediary banks charge about 10-12 USD, deducted from the transfer and borne by you.',
      ],
    });
    expect(channelFeeText(channel('FOREIGN_EXCHANGE'), t).main).toBe('Free');
    expect(channelFeeText(channel('BANK_ACCOUNT'), t).main).toBe(
      'Opening fee 20 USD once, then 5 USD a month for the virtual account',
    );
    // Spot trading is free only while every market's rates are zero.
    expect(channelFeeText({ ...channel('SPOT_TRADE', true), free: false }, t).main).toBe(
      'Per market, see above',
    );
  });
});
