import {
  KYC_DOCUMENT_MAX_BYTES,
  type KycBodyInput,
  type KycDecisionBodyInput,
  type KycStatus,
  kycMessages,
} from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, client, queries } from '../../lib/api-client';
import { useCursorList } from '../../lib/use-cursor-list';

/** Rows per page of the KYC review list. */
export const KYC_PAGE_SIZE = 50;

/** The signed-in vendor's KYC, or null before the first save (`GET /api/vendor/kyc`). */
export function useMyKyc() {
  return useQuery(queries.kyc.mine.queryOptions());
}

/** `PUT /api/vendor/kyc`. */
export function useSaveKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycBodyInput) => client.kyc.save({ body }),
    onSuccess: (answer) => queryClient.setQueryData(queries.kyc.mine.queryKey(), { success: true, kyc: answer.kyc }),
  });
}

/**
 * `POST /api/vendor/kyc/documents` with the file's bytes (a PDF, PNG, JPEG or WebP, read
 * by the server from its bytes). A file over 2 MB is refused here first.
 * @throws ApiError with the server's words.
 */
export async function uploadKycDocument(file: File) {
  if (file.size > KYC_DOCUMENT_MAX_BYTES) throw new ApiError(kycMessages.documentTooLarge, 413, 'PAYLOAD_TOO_LARGE');
  const bytes = file.type ? file : new Blob([file], { type: 'application/octet-stream' });
  return client.kyc.uploadDocument({ body: bytes });
}

/**
 * Opens a KYC document in a new tab: it is private, so it is fetched with the session's
 * token (`GET /api/kyc/documents/{id}`) and shown from memory.
 */
export async function openKycDocument(uploadId: string): Promise<void> {
  const file = await client.kyc.document({ params: { id: uploadId } });
  const url = URL.createObjectURL(file);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** KYCs to review, newest change first, of one status or all. */
export function useKycList(status: KycStatus | '') {
  const query = { status: status || undefined };
  return useCursorList({
    queryKey: queries.kyc.list.key({ type: 'infinite', input: { query } }),
    limit: KYC_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.kyc.list({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.kycs,
  });
}

/** One vendor's KYC for review. */
export function useKyc(vendorId: string) {
  return useQuery(queries.kyc.get.queryOptions({ input: { params: { vendorId } } }));
}

/** `PUT /api/kyc/admin/{vendorId}`. */
export function useDecideKyc(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycDecisionBodyInput) => client.kyc.decide({ params: { vendorId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.kyc.key() }),
  });
}
