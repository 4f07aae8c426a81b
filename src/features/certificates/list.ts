/** The member's certificate list (质量证书): its query from the address (bad values fall back to defaults) and the address of a page of it. */
import { pageParam } from '#src/shared/api/ssr.ts';
import type { CertificateSummary } from '#src/shared/api/contract/certificates.ts';

export const CERT_PAGE_SIZE = 10;
export const CERTIFICATES_URL = '/member/my-certificates';

export type ValidityFilter = '' | CertificateSummary['validity'];
export const VALIDITY_TABS: { value: ValidityFilter; label: string }[] = [
  { value: '', label: '全部' },
  { value: 'VALID', label: '有效' },
  { value: 'EXPIRING', label: '即将到期' },
  { value: 'EXPIRED', label: '已过期' },
];

export interface CertListQuery {
  q: string;
  validity: ValidityFilter;
  from: string;
  to: string;
  pageNumber: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function certListQuery(params: URLSearchParams): CertListQuery {
  const validity = params.get('validity') ?? '';
  const date = (key: string) => {
    const v = (params.get(key) ?? '').trim();
    return DATE.test(v) && !Number.isNaN(Date.parse(v)) ? v : '';
  };
  return {
    q: (params.get('q') ?? '').trim().slice(0, 40),
    validity: VALIDITY_TABS.some((t) => t.value === validity) ? (validity as ValidityFilter) : '',
    from: date('from'),
    to: date('to'),
    pageNumber: pageParam(params.get('pageNumber')),
  };
}

export function certListUrl(q: Partial<CertListQuery>): string {
  const p = new URLSearchParams();
  if (q.q) p.set('q', q.q);
  if (q.validity) p.set('validity', q.validity);
  if (q.from) p.set('from', q.from);
  if (q.to) p.set('to', q.to);
  if (q.pageNumber && q.pageNumber > 1) p.set('pageNumber', String(q.pageNumber));
  const s = p.toString();
  return s ? `${CERTIFICATES_URL}?${s}` : CERTIFICATES_URL;
}

export const certDetailUrl = (certNo: string): string => `${CERTIFICATES_URL}/detail?no=${encodeURIComponent(certNo)}`;
