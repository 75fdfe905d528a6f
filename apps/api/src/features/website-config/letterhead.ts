import type { Db } from '../../platform/db/create-db.js';
import type { Letterhead } from '../../platform/pdf/pdf-writer.js';
import { findConfigRow } from './website-config.repository.js';

/**
 * The store's name as its documents print it. The website configuration (spec: logo,
 * welcome quote, contact info, banners, social media, sales banner) holds no name; until
 * it does, this is it (decision 0142), and `storeLetterhead` is the one place to change.
 */
export const STORE_DOCUMENT_NAME = 'Haat';

/**
 * The letterhead of the store's PDFs (packing slips, invoices): its name and the contact
 * info of the website configuration (address, phone number, e-mail), the empty ones left
 * out. A store that never saved its configuration prints its name only.
 */
export async function storeLetterhead(db: Db): Promise<Letterhead> {
  const config = await findConfigRow(db);
  const contact = [config?.phoneNumber, config?.email].filter((value): value is string => Boolean(value?.trim()));
  return {
    name: STORE_DOCUMENT_NAME,
    lines: [config?.address ?? '', contact.join(' · ')].filter((line) => line.trim() !== ''),
  };
}
