import { describe, expect, it } from 'vitest';
import { asksForMoney } from './moneyRequest.ts';

describe('asksForMoney', () => {
  // Given a message asking for money before a visit, when the thread shows it, then it carries the warning.
  it.each([
    'Please send 5000 to asha.k@okaxis to block the flat',
    'My UPI is 9876543210@ybl',
    'Pay token amount of 10,000 and I will hold it for you',
    'Token money 5k, then keys on Sunday',
    'Token of ₹2000 today, many people asking',
    'Just send a small token and come next week',
    'token de do sir, flat reserve ho jayega',
    'Pay the advance first, I am out of town',
    'Advance bhejo, phir chabi milegi',
    'Booking amount is 3000, refundable',
    'Transfer the deposit before the visit please',
    'Send it on GPay to this number',
    'PhonePe number 98765 43210, send now',
    'Paytm kar do 2000',
  ])('flags %j', (text) => {
    expect(asksForMoney(text)).toBe(true);
  });

  // Given an honest message about money or contact, when shown, then no warning.
  it.each([
    'Deposit is two months advance, payable at agreement signing',
    'Rent 25,000 per month, maintenance included',
    'Can I visit on Saturday at 5pm?',
    'Write to asha.k@example.co.in for the papers',
    'The token system at the gate is for visitors',
    'We accept rent by UPI every month after you move in',
    'In advance, thanks for your time!',
    'No brokerage, owner directly',
  ])('does not flag %j', (text) => {
    expect(asksForMoney(text)).toBe(false);
  });
});
