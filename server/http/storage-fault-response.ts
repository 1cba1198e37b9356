import { API_MESSAGES } from '../../contract/api-messages';
import type { StorageFault } from '../db/storage-fault';
import { apiError, type ApiError } from './api-error';

const RESPONSES: Readonly<Record<StorageFault, { status: number; message: string; retryAfterSeconds: number }>> = {
  // Space comes back only when someone frees it: no point asking again within seconds.
  'disk-full': { status: 507, message: API_MESSAGES.diskFull, retryAfterSeconds: 300 },
  'database-busy': { status: 503, message: API_MESSAGES.busy, retryAfterSeconds: 5 },
  'storage-unavailable': { status: 503, message: API_MESSAGES.storageUnavailable, retryAfterSeconds: 60 },
};

/** The response to a storage fault: 507 or 503, a plain message, and when to try again. */
export function storageFaultResponse(fault: StorageFault): ApiError {
  const { status, message, retryAfterSeconds } = RESPONSES[fault];
  return apiError(status, 'unavailable', message, { retryAfterSeconds });
}
