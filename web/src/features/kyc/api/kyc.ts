import { myKyc } from '@/lib/my-records';

/** The tutor's latest KYC submission (null if never submitted), and its submission. */
export const useMyKyc = myKyc.useRecord;
/** Refused because one is already pending or approved: the cached state is read again. */
export const useSubmitKyc = myKyc.useSave;
