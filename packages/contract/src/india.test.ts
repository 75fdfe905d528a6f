import { describe, expect, it } from 'vitest';
import {
  enrolmentNumberSchema,
  gstinCheckCharacter,
  gstinParts,
  gstinSchema,
  INDIAN_STATES,
  indianStateField,
  indianStateSchema,
  isValidEnrolmentNumber,
  isValidGstin,
  isValidPan,
  PAN_HOLDER_TYPES,
  panHolderType,
  panSchema,
  parseIndianState,
} from './india.js';

/** The message of a refused value, or the parse's data when it was taken. */
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message).join('; ');

describe('INDIAN_STATES', () => {
  it('lists the 28 states, the 8 union territories and Other Territory, each code once', () => {
    expect(INDIAN_STATES.filter((state) => state.kind === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((state) => state.kind === 'union_territory')).toHaveLength(8);
    expect(INDIAN_STATES.filter((state) => state.kind === 'other_territory').map((state) => state.code)).toEqual([
      '97',
    ]);
    expect(new Set(INDIAN_STATES.map((state) => state.code)).size).toBe(INDIAN_STATES.length);
  });

  it.each([
    ['01', 'Jammu and Kashmir'],
    ['07', 'Delhi'],
    ['24', 'Gujarat'],
    ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['27', 'Maharashtra'],
    ['29', 'Karnataka'],
    ['36', 'Telangana'],
    ['37', 'Andhra Pradesh'],
    ['38', 'Ladakh'],
    ['97', 'Other Territory'],
  ])('gives %s to %s (the current codes)', (code, name) => {
    expect(parseIndianState(code)?.name).toBe(name);
    expect(parseIndianState(name)?.code).toBe(code);
  });
});

describe('parseIndianState and indianState', () => {
  it.each([
    ['maharashtra', '27'],
    [' MAHARASHTRA ', '27'],
    ['MH', '27'],
    ['7', '07'],
    ['New Delhi', '07'],
    ['NCT of Delhi', '07'],
    ['Orissa', '21'],
    ['odisha', '21'],
    ['Jammu & Kashmir', '01'],
    ['J&K', '01'],
    ['Pondicherry', '34'],
    ['Uttaranchal', '05'],
    ['Daman and Diu', '26'],
    ['Dadra & Nagar Haveli', '26'],
    ['dadra-and-nagar-haveli-and-daman-and-diu', '26'],
    ['Andaman & Nicobar Islands', '35'],
    ['Tamilnadu', '33'],
    ['tamil   nadu', '33'],
  ])('reads %j as %s', (value, code) => {
    expect(parseIndianState(value)?.code).toBe(code);
    expect(indianStateSchema.safeParse(value)).toEqual({ success: true, data: code });
  });

  it.each(['', 'Atlantis', '99', '96', '0', '00', '39', '123', 'Maharashtra 27'])('refuses %j as no state', (value) => {
    expect(parseIndianState(value)).toBeUndefined();
    expect(messageOf(indianStateSchema.safeParse(value))).toBe(
      'State must be an Indian state or union territory, by name or GST state code (e.g. Maharashtra or 27)',
    );
  });

  it('refuses the retired codes 25 and 28 saying which code replaced them', () => {
    expect(messageOf(indianStateSchema.safeParse('25'))).toMatch(/^State is a retired GST state code: 25 .* 26/);
    expect(messageOf(indianStateField('Province').safeParse('28'))).toMatch(
      /^Province is a retired GST state code: .*Andhra Pradesh is 37/,
    );
  });

  it('names the field of a missing or oversized value', () => {
    expect(messageOf(indianStateField('Province').safeParse(undefined))).toBe('Province is required');
    expect(messageOf(indianStateSchema.safeParse('x'.repeat(81)))).toBe('State must be at most 80 characters');
  });
});

describe('PAN', () => {
  // Published PANs: Reliance Industries, a Tata company, Amazon Seller Services, Flipkart
  // Internet (each inside its published GSTIN below), and the GSTN documentation's sample firm.
  it.each([
    ['AAACR5055K', 'C'],
    ['AAACT2727Q', 'C'],
    ['AAICA3918J', 'C'],
    ['AACCF0683K', 'C'],
    ['AAPFU0939F', 'F'],
    ['abcpe1234f', 'P'],
    [' AAACR 5055K ', 'C'],
  ])('takes %j (holder %s)', (value, holder) => {
    const result = panSchema.safeParse(value);
    expect(result.success).toBe(true);
    expect(panHolderType(result.data as string)).toBe(holder);
    expect(isValidPan(value.replace(/ (?=\d)/, ''))).toBe(true);
  });

  it('knows the ten holder types', () => {
    expect(Object.keys(PAN_HOLDER_TYPES).sort()).toEqual(['A', 'B', 'C', 'F', 'G', 'H', 'J', 'L', 'P', 'T']);
  });

  it.each([
    ['AAACR5055', 'PAN must be 10 characters (five letters, four digits, a letter), not 9'],
    ['AAACR5055KK', 'PAN must be 10 characters (five letters, four digits, a letter), not 11'],
    ['', 'PAN must be 10 characters (five letters, four digits, a letter), not 0'],
    ['AAA1R5055K', 'PAN must start with five letters'],
    ['AAACRR055K', 'PAN must have four digits after its five letters'],
    ['AAACR50555', 'PAN must end with a letter'],
    ['AAAXR5055K', "PAN's fourth letter must be the holder type (P, C, H, F, A, T, B, L, J, G), not X"],
    ['AAAER5055K', "PAN's fourth letter must be the holder type (P, C, H, F, A, T, B, L, J, G), not E"],
  ])('refuses %j: %s', (value, message) => {
    expect(messageOf(panSchema.safeParse(value))).toBe(message);
    expect(isValidPan(value)).toBe(false);
  });

  it('refuses a missing or non-text PAN naming the field', () => {
    expect(messageOf(panSchema.safeParse(undefined))).toBe('PAN is required');
    expect(messageOf(panSchema.safeParse(1234))).toBe('PAN is required');
  });
});

describe('GSTIN', () => {
  // Published GSTINs whose check character the GSTN algorithm gives.
  it.each([
    ['27AAPFU0939F1ZV', 'the GSTN documentation sample'],
    ['27AAACR5055K1Z7', 'Reliance Industries Ltd, Maharashtra'],
    ['24AAACR5055K1ZD', 'Reliance Industries Ltd, Gujarat'],
    ['27AAACT2727Q1ZW', 'a Tata company, Maharashtra'],
    ['29AAICA3918J1ZE', 'Amazon Seller Services Pvt Ltd, Karnataka'],
    ['29AACCF0683K1ZD', 'Flipkart Internet Pvt Ltd, Karnataka'],
  ])('takes %s (%s)', (value) => {
    expect(gstinSchema.safeParse(value)).toEqual({ success: true, data: value });
    expect(gstinCheckCharacter(value)).toBe(value[14]);
    expect(isValidGstin(value.toLowerCase())).toBe(true);
  });

  it('upper-cases and drops spaces', () => {
    expect(gstinSchema.safeParse(' 27 aaacr5055k 1z7 ')).toEqual({ success: true, data: '27AAACR5055K1Z7' });
  });

  it('reads its parts', () => {
    expect(gstinParts('29AAICA3918J1ZE')).toEqual({ stateCode: '29', pan: 'AAICA3918J', entity: '1' });
  });

  it('computes the check character of every position (each single change of the published ones is caught)', () => {
    for (const value of ['27AAACR5055K1Z7', '29AAICA3918J1ZE']) {
      for (let index = 0; index < 14; index += 1) {
        const original = value[index] as string;
        const changed = /\d/.test(original) ? String((Number(original) + 1) % 10) : original === 'A' ? 'B' : 'A';
        const typo = value.slice(0, index) + changed + value.slice(index + 1);
        if (gstinCheckCharacter(typo) === value[14]) throw new Error(`${typo} kept its check character`);
      }
    }
  });

  it.each([
    ['27AAACR5055K1Z', 'GSTIN must be 15 characters, not 14'],
    ['27AAACR5055K1Z77', 'GSTIN must be 15 characters, not 16'],
    ['27AAACR5055K1Z-', 'GSTIN must have only letters and digits'],
    ['X7AAACR5055K1Z7', 'GSTIN must start with a two-digit GST state code'],
    ['40AAACR5055K1Z7', "GSTIN's state code 40 is not a GST state code"],
    ['99AAACR5055K1Z7', "GSTIN's state code 99 is not a GST state code"],
    [
      '27AAAXR5055K1Z7',
      "GSTIN's characters 3 to 12 must be a PAN: PAN's fourth letter must be the holder type (P, C, H, F, A, T, B, L, J, G), not X",
    ],
    ['27AAACR505KK1Z7', "GSTIN's characters 3 to 12 must be a PAN: PAN must have four digits after its five letters"],
    ['27AAACR5055K0Z7', "GSTIN's 13th character (the entity number) must be 1-9 or a letter"],
    ['27AAACR5055K1Y7', "GSTIN's 14th character must be Z"],
    [
      '27AAACR5055K1Z8',
      "GSTIN's last character (its check character) does not match the others: one of them is mistyped",
    ],
    [
      '27AAACR5505K1Z7',
      "GSTIN's last character (its check character) does not match the others: one of them is mistyped",
    ],
  ])('refuses %s: %s', (value, message) => {
    expect(messageOf(gstinSchema.safeParse(value))).toBe(message);
    expect(isValidGstin(value)).toBe(false);
  });

  it('refuses the retired state codes with the reason', () => {
    // A Daman and Diu registration before 2020 would have had 25.
    const first14 = '25AAACR5055K1Z';
    const value = first14 + gstinCheckCharacter(first14);
    expect(messageOf(gstinSchema.safeParse(value))).toMatch(
      /^GSTIN's state code 25 \(Daman and Diu\) is no longer issued/,
    );
  });

  it('takes an entity number past 9 as a letter', () => {
    const first14 = '27AAACR5055KAZ';
    expect(isValidGstin(first14 + gstinCheckCharacter(first14))).toBe(true);
  });
});

describe('enrolment number (Notification 34/2023-Central Tax)', () => {
  it.each(['27AAACR5055K001', '07ABCPE1234F1A9', ' 29 abcpe1234f 0z1 '])('takes %j', (value) => {
    expect(enrolmentNumberSchema.safeParse(value).success).toBe(true);
    expect(isValidEnrolmentNumber(value)).toBe(true);
  });

  it.each([
    ['27AAACR5055K01', 'Enrolment number must be 15 characters, not 14'],
    ['27AAACR5055K0/1', 'Enrolment number must have only letters and digits'],
    ['40AAACR5055K001', 'Enrolment number must start with the GST state code of its State or UT, not 40'],
    [
      '27AAAXR5055K001',
      "Enrolment number's characters 3 to 12 must be a PAN: PAN's fourth letter must be the holder type (P, C, H, F, A, T, B, L, J, G), not X",
    ],
  ])('refuses %j: %s', (value, message) => {
    expect(messageOf(enrolmentNumberSchema.safeParse(value))).toBe(message);
    expect(isValidEnrolmentNumber(value)).toBe(false);
  });
});
