import { z } from 'zod';

/**
 * India's identities for seller KYC and GST (issue 35): the states and union territories
 * with their GST state codes, the PAN, the GSTIN and the enrolment number of an
 * unregistered seller (Notification 34/2023-Central Tax). Each check answers the first
 * thing wrong, in words naming the field and why, so that a 400 tells the user what to fix.
 * Sources and the choices made: docs/decisions/0134-indian-identities.md.
 */

/** What a GST state code names: a state, a union territory, or the offshore "Other Territory". */
export type IndianStateKind = 'state' | 'union_territory' | 'other_territory';

/** A state or union territory as GST names it: its two-digit GST state code, its name and other spellings. */
export interface IndianState {
  /** The GST state code, two digits ('27'), the first two characters of a GSTIN registered there. */
  readonly code: string;
  /** The name as the GST portal writes it. */
  readonly name: string;
  readonly kind: IndianStateKind;
  /** Other spellings and abbreviations (ISO 3166-2:IN and vehicle codes, former names), matched case-insensitively. */
  readonly aliases: readonly string[];
}

/**
 * Every state and union territory by its current GST state code, and 97 Other Territory
 * (the continental shelf and exclusive economic zone, IGST Act section 2(6) and
 * Notification 4/2020-Integrated Tax territory rules: offshore installations register under it).
 * Not here: 25 (Daman and Diu) and 28 (Andhra Pradesh before 2014), no longer issued: Daman and
 * Diu merged into 26 in 2020, Andhra Pradesh registers under 37; 96 (a foreign country, a place
 * of supply only) and 99 (Centre jurisdiction, no seller's GSTIN).
 */
export const INDIAN_STATES: readonly IndianState[] = [
  {
    code: '01',
    name: 'Jammu and Kashmir',
    kind: 'union_territory',
    aliases: ['JK', 'J&K', 'J and K', 'Jammu & Kashmir'],
  },
  { code: '02', name: 'Himachal Pradesh', kind: 'state', aliases: ['HP'] },
  { code: '03', name: 'Punjab', kind: 'state', aliases: ['PB'] },
  { code: '04', name: 'Chandigarh', kind: 'union_territory', aliases: ['CH'] },
  { code: '05', name: 'Uttarakhand', kind: 'state', aliases: ['UK', 'UT', 'Uttaranchal'] },
  { code: '06', name: 'Haryana', kind: 'state', aliases: ['HR'] },
  {
    code: '07',
    name: 'Delhi',
    kind: 'union_territory',
    aliases: ['DL', 'New Delhi', 'NCT of Delhi', 'National Capital Territory of Delhi'],
  },
  { code: '08', name: 'Rajasthan', kind: 'state', aliases: ['RJ'] },
  { code: '09', name: 'Uttar Pradesh', kind: 'state', aliases: ['UP'] },
  { code: '10', name: 'Bihar', kind: 'state', aliases: ['BR', 'BH'] },
  { code: '11', name: 'Sikkim', kind: 'state', aliases: ['SK'] },
  { code: '12', name: 'Arunachal Pradesh', kind: 'state', aliases: ['AR'] },
  { code: '13', name: 'Nagaland', kind: 'state', aliases: ['NL'] },
  { code: '14', name: 'Manipur', kind: 'state', aliases: ['MN'] },
  { code: '15', name: 'Mizoram', kind: 'state', aliases: ['MZ'] },
  { code: '16', name: 'Tripura', kind: 'state', aliases: ['TR'] },
  { code: '17', name: 'Meghalaya', kind: 'state', aliases: ['ML'] },
  { code: '18', name: 'Assam', kind: 'state', aliases: ['AS'] },
  { code: '19', name: 'West Bengal', kind: 'state', aliases: ['WB'] },
  { code: '20', name: 'Jharkhand', kind: 'state', aliases: ['JH'] },
  { code: '21', name: 'Odisha', kind: 'state', aliases: ['OD', 'OR', 'Orissa'] },
  { code: '22', name: 'Chhattisgarh', kind: 'state', aliases: ['CG', 'CT', 'Chattisgarh'] },
  { code: '23', name: 'Madhya Pradesh', kind: 'state', aliases: ['MP'] },
  { code: '24', name: 'Gujarat', kind: 'state', aliases: ['GJ'] },
  {
    code: '26',
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    kind: 'union_territory',
    aliases: ['DH', 'DNHDD', 'DN', 'DD', 'Dadra and Nagar Haveli', 'Daman and Diu', 'Daman', 'Diu', 'Silvassa'],
  },
  { code: '27', name: 'Maharashtra', kind: 'state', aliases: ['MH'] },
  { code: '29', name: 'Karnataka', kind: 'state', aliases: ['KA'] },
  { code: '30', name: 'Goa', kind: 'state', aliases: ['GA'] },
  { code: '31', name: 'Lakshadweep', kind: 'union_territory', aliases: ['LD'] },
  { code: '32', name: 'Kerala', kind: 'state', aliases: ['KL'] },
  { code: '33', name: 'Tamil Nadu', kind: 'state', aliases: ['TN', 'Tamilnadu'] },
  { code: '34', name: 'Puducherry', kind: 'union_territory', aliases: ['PY', 'Pondicherry'] },
  {
    code: '35',
    name: 'Andaman and Nicobar Islands',
    kind: 'union_territory',
    aliases: ['AN', 'Andaman and Nicobar', 'Andaman & Nicobar Islands', 'Andaman & Nicobar'],
  },
  { code: '36', name: 'Telangana', kind: 'state', aliases: ['TG', 'TS'] },
  { code: '37', name: 'Andhra Pradesh', kind: 'state', aliases: ['AP'] },
  { code: '38', name: 'Ladakh', kind: 'union_territory', aliases: ['LA'] },
  { code: '97', name: 'Other Territory', kind: 'other_territory', aliases: ['OT'] },
];

/**
 * GST state codes no longer issued, with why: a value naming one is refused with that reason
 * rather than as unknown.
 */
const RETIRED_STATE_CODES: Readonly<Record<string, string>> = {
  '25': '25 (Daman and Diu) is no longer issued: since 2020 Daman and Diu is in 26, Dadra and Nagar Haveli and Daman and Diu',
  '28': '28 (Andhra Pradesh before 2014) is not issued under GST: Andhra Pradesh is 37',
};

/** Lower-cases a name, reads '&' as 'and', drops dots and hyphens and folds spaces, so spellings compare. */
function normaliseStateName(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.\-_,'’]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const STATES_BY_CODE = new Map(INDIAN_STATES.map((state) => [state.code, state]));
const STATES_BY_NAME = new Map<string, IndianState>();
for (const state of INDIAN_STATES) {
  for (const spelling of [state.name, ...state.aliases]) {
    STATES_BY_NAME.set(normaliseStateName(spelling), state);
  }
}

/** The state or union territory with this two-digit GST state code, or undefined. */
export function indianStateByCode(code: string): IndianState | undefined {
  return STATES_BY_CODE.get(code);
}

/**
 * Reads a state or union territory from what a user typed: its GST state code ('27', or '7'
 * for '07'), its name or a common spelling or abbreviation ('maharashtra', 'MH', 'Orissa',
 * 'Jammu & Kashmir', 'Daman and Diu'), case and punctuation ignored. Undefined when it names none
 * (including the retired codes 25 and 28).
 */
export function parseIndianState(value: string): IndianState | undefined {
  const trimmed = value.trim();
  if (/^\d{1,2}$/.test(trimmed)) return STATES_BY_CODE.get(trimmed.padStart(2, '0'));
  return STATES_BY_NAME.get(normaliseStateName(trimmed));
}

/** Why `value` names no state, for a message starting with the field's name. */
function stateProblem(value: string): string {
  const code = value.trim().padStart(2, '0');
  const retired = RETIRED_STATE_CODES[code];
  if (/^\d{1,2}$/.test(value.trim()) && retired) return `is a retired GST state code: ${retired}`;
  return 'must be an Indian state or union territory, by name or GST state code (e.g. Maharashtra or 27)';
}

/**
 * A state or union territory field, by name or GST state code; parses to the two-digit GST
 * state code. `field` names it in the message ('State', 'Province').
 */
export const indianStateField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .max(80, `${field} must be at most 80 characters`)
    .transform((value, ctx) => {
      const state = parseIndianState(value);
      if (!state) {
        ctx.addIssue({ code: 'custom', message: `${field} ${stateProblem(value)}` });
        return z.NEVER;
      }
      return state.code;
    });

/** A state or union territory by name or GST state code, parsed to its GST state code ('Maharashtra' → '27'). */
export const indianStateSchema = indianStateField('State');

// ---------------------------------------------------------------- PAN

/**
 * The holder types a PAN's fourth letter names (Income Tax Department): P individual,
 * C company, H Hindu undivided family, F firm (and LLP), A association of persons,
 * T trust, B body of individuals, L local authority, J artificial juridical person,
 * G government.
 */
export const PAN_HOLDER_TYPES = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu undivided family',
  F: 'Firm or LLP',
  A: 'Association of persons',
  T: 'Trust',
  B: 'Body of individuals',
  L: 'Local authority',
  J: 'Artificial juridical person',
  G: 'Government',
} as const;
export type PanHolderType = keyof typeof PAN_HOLDER_TYPES;
const HOLDER_TYPE_LETTERS: ReadonlySet<string> = new Set(Object.keys(PAN_HOLDER_TYPES));

/**
 * Why `pan` (already upper-cased) is not a PAN's format, or undefined when it is: ten
 * characters, five letters, four digits, a letter, the fourth letter a holder type.
 * The message starts with 'PAN'.
 */
export function panProblem(pan: string): string | undefined {
  if (pan.length !== 10) return `PAN must be 10 characters (five letters, four digits, a letter), not ${pan.length}`;
  if (!/^[A-Z]{5}/.test(pan)) return 'PAN must start with five letters';
  if (!/^[A-Z]{5}\d{4}/.test(pan)) return 'PAN must have four digits after its five letters';
  if (!/[A-Z]$/.test(pan)) return 'PAN must end with a letter';
  if (!HOLDER_TYPE_LETTERS.has(pan[3] as string)) {
    return `PAN's fourth letter must be the holder type (${Object.keys(PAN_HOLDER_TYPES).join(', ')}), not ${pan[3]}`;
  }
  return undefined;
}

/** True when `pan` (any case, spaces around ignored) is a PAN's format. */
export function isValidPan(pan: string): boolean {
  return panProblem(pan.trim().toUpperCase()) === undefined;
}

/** A valid PAN's holder-type letter, its fourth ('C'); `PAN_HOLDER_TYPES` names it ('Company'). */
export function panHolderType(pan: string): PanHolderType {
  return pan[3] as PanHolderType;
}

/** Upper-cases and drops spaces, as PANs, GSTINs and enrolment numbers are written in groups. */
const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** A PAN field: upper-cased, spaces dropped, refused with the reason when its format is wrong. */
export const panSchema = z
  .string({ error: 'PAN is required' })
  .max(40, 'PAN must be 10 characters (five letters, four digits, a letter)')
  .transform(compact)
  .superRefine((value, ctx) => {
    const problem = panProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

// ---------------------------------------------------------------- GSTIN

/** The 36 characters of the GSTIN check, in their order: digits then letters. */
const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters (GSTN's Luhn mod 36): from the
 * left, each character's value (0-9, A=10 ... Z=35) times 1, 2, 1, 2 ..., each product's
 * quotient and remainder by 36 summed; the check is (36 - sum mod 36) mod 36.
 * Throws on a character outside 0-9 and A-Z.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = CODE_POINTS.indexOf(first14[index] ?? '');
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${first14[index]}`);
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CODE_POINTS[(36 - (sum % 36)) % 36] as string;
}

/**
 * Why `gstin` (already upper-cased) is not a GSTIN, or undefined when it is: 15 characters,
 * a current GST state code, a valid PAN, an entity number (1-9 then A-Z), `Z`, and the
 * check character. The message starts with 'GSTIN'.
 */
export function gstinProblem(gstin: string): string | undefined {
  if (gstin.length !== 15) return `GSTIN must be 15 characters, not ${gstin.length}`;
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return 'GSTIN must have only letters and digits';
  const code = gstin.slice(0, 2);
  if (!/^\d\d$/.test(code)) return 'GSTIN must start with a two-digit GST state code';
  if (!STATES_BY_CODE.has(code)) {
    const retired = RETIRED_STATE_CODES[code];
    return retired ? `GSTIN's state code ${retired}` : `GSTIN's state code ${code} is not a GST state code`;
  }
  const panProblemText = panProblem(gstin.slice(2, 12));
  if (panProblemText) return `GSTIN's characters 3 to 12 must be a PAN: ${panProblemText}`;
  if (!/^[1-9A-Z]$/.test(gstin[12] as string))
    return "GSTIN's 13th character (the entity number) must be 1-9 or a letter";
  if (gstin[13] !== 'Z') return "GSTIN's 14th character must be Z";
  if (gstinCheckCharacter(gstin) !== gstin[14]) {
    return "GSTIN's last character (its check character) does not match the others: one of them is mistyped";
  }
  return undefined;
}

/** True when `gstin` (any case, spaces ignored) is a valid GSTIN, check character included. */
export function isValidGstin(gstin: string): boolean {
  return gstinProblem(compact(gstin)) === undefined;
}

/** The parts of a valid GSTIN: its state's code, the PAN inside and the entity number. */
export function gstinParts(gstin: string): { stateCode: string; pan: string; entity: string } {
  return { stateCode: gstin.slice(0, 2), pan: gstin.slice(2, 12), entity: gstin[12] as string };
}

/** A GSTIN field: upper-cased, spaces dropped, refused with the reason when it is not a GSTIN. */
export const gstinSchema = z
  .string({ error: 'GSTIN must be text' })
  .max(40, 'GSTIN must be 15 characters')
  .transform(compact)
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

// ---------------------------------------------------------------- Enrolment number

/**
 * Why `enrolment` (already upper-cased) is not an enrolment number of Notification
 * 34/2023-Central Tax, or undefined when it is. The notification and GSTN's advisory of
 * 12 October 2023 say the common portal grants one per State or UT on validating the PAN,
 * but no published text gives its layout. Taken here (decision 0134): 15 characters as a
 * GSTIN is laid out, a current GST state code, the holder's PAN, then three letters or digits
 * the portal generates; no check character is verified (none is published). The message
 * starts with 'Enrolment number'.
 */
export function enrolmentNumberProblem(enrolment: string): string | undefined {
  if (enrolment.length !== 15) return `Enrolment number must be 15 characters, not ${enrolment.length}`;
  if (!/^[0-9A-Z]{15}$/.test(enrolment)) return 'Enrolment number must have only letters and digits';
  const code = enrolment.slice(0, 2);
  if (!STATES_BY_CODE.has(code)) {
    return `Enrolment number must start with the GST state code of its State or UT, not ${code}`;
  }
  const panProblemText = panProblem(enrolment.slice(2, 12));
  if (panProblemText) return `Enrolment number's characters 3 to 12 must be a PAN: ${panProblemText}`;
  return undefined;
}

/** True when `enrolment` (any case, spaces ignored) has the enrolment number's layout. */
export function isValidEnrolmentNumber(enrolment: string): boolean {
  return enrolmentNumberProblem(compact(enrolment)) === undefined;
}

/** An enrolment number field (Notification 34/2023-CT): upper-cased, spaces dropped, refused with the reason. */
export const enrolmentNumberSchema = z
  .string({ error: 'Enrolment number must be text' })
  .max(40, 'Enrolment number must be 15 characters')
  .transform(compact)
  .superRefine((value, ctx) => {
    const problem = enrolmentNumberProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
