import { expect, test } from 'vitest';
import { isNmbiPinShape, isPhoneShape, normaliseEircode } from './membership-application';

test('an Eircode of the right shape is kept upper case with one space, however it was typed', () => {
  const accepted = ['A65 F4E2', 'a65f4e2', ' d6w 1234 ', 'D6WXY12', 'T12 KN0P', 'h91 ac9x', 'Y35 F2W9'];

  expect(accepted.map(normaliseEircode)).toEqual(['A65 F4E2', 'A65 F4E2', 'D6W 1234', 'D6W XY12', 'T12 KN0P', 'H91 AC9X', 'Y35 F2W9']);
});

test('a shape that is not an Eircode is refused: wrong letters, too short or long, a UK postcode, two spaces', () => {
  const refused = ['B65 F4E2', 'A65 F4B2', 'A6 F4E2', 'A65 F4E', 'A65 F4E22', 'AB1 2CD', 'SW1A 1AA', 'A65  F4E2', 'D6X 1234', '123 4567', ''];

  expect(refused.map(normaliseEircode)).toEqual(refused.map(() => undefined));
});

test('an NMBI PIN is digits only, and a phone number is digits with the usual spaces, brackets and +', () => {
  expect([isNmbiPinShape('123456'), isNmbiPinShape('12a456'), isNmbiPinShape('12')]).toEqual([true, false, false]);
  expect([isPhoneShape('+353 1 234 5678'), isPhoneShape('(021) 456-789'), isPhoneShape('call me'), isPhoneShape('12')]).toEqual([true, true, false, false]);
});
