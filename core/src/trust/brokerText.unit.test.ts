import { describe, expect, it } from 'vitest';
import { brokerageMention } from './brokerText.ts';

describe('listing text that mentions a brokerage or commission', () => {
  it.each([
    ['One month rent as brokerage.', 'brokerage'],
    ['Brokerage 15 days rent, visit anytime', 'brokerage 15 days rent'],
    ['Commission applicable as per norms', 'commission applicable as per norms'],
    ['Half month brokrage lagega', 'brokrage lagega'],
    ['Dalali 1 mahina ka', 'dalali 1 mahina ka'],
    ['Contact broker for visit', 'broker for visit'],
  ])('given %j, then it is a signal (%s)', (text, phrase) => {
    expect(brokerageMention(text)).toContain(phrase.split(' ')[0]);
  });

  it.each([
    'No brokerage! Direct owner.',
    'NO BROKERAGE, zero commission',
    'Brokerage free flat near metro',
    'Brokers please excuse.',
    'Brokers excuse',
    'brokers do not call',
    "Brokers don't call me",
    'Koi brokerage nahi, owner se direct baat karein',
    'Brokerage nahi lagega',
    'Bina dalali ke',
    'Without broker, directly from owner',
    'no-brokerage deal',
    'Commission not applicable',
    'Spacious 2 BHK with balcony, near school.',
  ])('given %j, then it is no signal', (text) => {
    expect(brokerageMention(text)).toBeUndefined();
  });

  it('given a negated and a charged mention in one text, then the charged one counts', () => {
    expect(brokerageMention('No brokers please excuse. Commission 1 month rent.')).toBe(
      'commission 1 month rent',
    );
  });
});
