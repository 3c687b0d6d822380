import { messages } from '@baobei/shared/messages';
import { describe, expect, it } from 'vitest';
import { dealInput, dealStarted, EMPTY_DEAL } from './deal-form';

const full = { building: '5栋', room: '2301', floorArea: ' 118.6 ', totalPrice: '2350000', signedOn: '2026-11-20', propertyType: 'RESIDENCE' as const, contract: ['/uploads/a.png?sig=x'] };

describe('the audit page’s deal form (decision 052)', () => {
  it('is optional: untouched, nothing is sent; anything filled starts it', () => {
    expect(dealStarted(EMPTY_DEAL)).toBe(false);
    expect(dealStarted({ ...EMPTY_DEAL, room: '1' })).toBe(true);
    expect(dealStarted({ ...EMPTY_DEAL, contract: ['/uploads/a.png'] })).toBe(true);
  });

  it('sends the 元 texts as typed (trimmed) and the first missing field’s message in the server’s order', () => {
    expect(dealInput(full)).toEqual({
      input: { building: '5栋', room: '2301', floorArea: '118.6', totalPrice: '2350000', signedOn: '2026-11-20', contractPicture: '/uploads/a.png?sig=x', propertyType: 'RESIDENCE' },
      problem: null,
    });
    expect(dealInput({ ...full, room: '' }).problem).toBe(messages.deal.roomRequired);
    expect(dealInput({ ...full, totalPrice: '235万' }).problem).toBe(messages.deal.totalPriceInvalid);
    expect(dealInput({ ...full, signedOn: '' }).problem).toBe(messages.deal.signedOnInvalid);
    expect(dealInput({ ...full, propertyType: '' }).problem).toBe(messages.deal.propertyInvalid);
    expect(dealInput({ ...full, contract: [] }).problem).toBe(messages.deal.contractRequired);
  });
});
