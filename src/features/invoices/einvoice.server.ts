/** Loads 数电票 for the member's pages and downloads (docs/invoices.md), with the member's token; the files are built here (PDF, ZIP) or fetched as issued (XML). */
import { zipSync } from 'fflate';
import type { Api } from '#src/shared/api/client.ts';
import { einvoice, type EInvoice } from '#src/shared/api/contract/einvoice.ts';
import { fillPath } from '#src/shared/api/contract/core.ts';
import { member } from '#src/shared/api/contract/member.ts';
import { site } from '#src/shared/api/contract/site.ts';
import { apiFor, baseUrl } from '#src/shared/api/server.ts';
import { featureShown } from '#src/shared/view-control.ts';
import { einvoicePdf } from './pdf.ts';

export const NUMBER = /^\d{20}$/;

/** Whether the backend shows 数电票 (einvoice_part); a backend without the entry keeps the old invoice pages. */
export const einvoiceOn = async (api: Api): Promise<boolean> =>
  featureShown(await api.call(site.viewControl).catch(() => []), 'einvoice_part');

/** What the issued-invoices page shows with einvoice_part on. */
export async function loadEInvoicePage(api: Api, pageNumber: number) {
  const [list, candidates, confirmations, titles] = await Promise.all([
    api.call(einvoice.list, { input: { pageNumber, pageSize: 10 } }),
    api.call(einvoice.candidates, { input: {} }),
    api.call(einvoice.confirmations),
    api.call(member.invoiceTitles),
  ]);
  return { list, candidates, confirmations, titles };
}

/**
 * A company order's 数电票 for its detail page: the order's invoice (or whether it may be requested) and the company's checked
 * VAT details as they stand in the one store of titles (source COMPANY_VAT); null when the backend answers neither.
 */
export async function loadOrderEInvoice(api: Api, sn: string) {
  const [invoice, titles] = await Promise.all([
    api.call(einvoice.orderInvoice, { params: { sn } }).catch(() => null),
    api.call(member.invoiceTitles).catch(() => []),
  ]);
  return invoice && { invoice, companyTitle: titles.find((t) => t.source === 'COMPANY_VAT') ?? null };
}

/** A confirmed credit statement's merged invoice (or what it would cover) and the member's company titles to request it with. */
export async function loadStatementEInvoice(api: Api, month: string) {
  const [statement, titles] = await Promise.all([
    api.call(einvoice.statement, { params: { month } }).catch(() => null),
    api.call(member.invoiceTitles).catch(() => []),
  ]);
  return statement && { statement, titles: titles.filter((t) => t.titleType === 'COMPANY') };
}

/** The XML as issued, fetched from the backend (not an envelope); null when the member may not have it. */
async function xmlOf(token: string, number: string): Promise<Uint8Array | null> {
  const res = await fetch(`${baseUrl(einvoice.xml.base)}${fillPath(einvoice.xml.path, { number })}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('xml')) return null;
  return new Uint8Array(await res.arrayBuffer());
}

export type EInvoiceFile = { name: string; type: string; body: Uint8Array } | null;

/** One invoice's file (pdf or xml), named by its number; null when it does not exist for this member. */
export async function einvoiceFile(token: string, number: string, kind: 'pdf' | 'xml'): Promise<EInvoiceFile> {
  if (!NUMBER.test(number)) return null;
  if (kind === 'xml') {
    const body = await xmlOf(token, number);
    return body && { name: `${number}.xml`, type: 'application/xml; charset=utf-8', body };
  }
  const inv: EInvoice | null = await apiFor(token)
    .call(einvoice.detail, { params: { number } })
    .catch(() => null);
  return inv && { name: `${number}.pdf`, type: 'application/pdf', body: await einvoicePdf(inv) };
}

/** Several invoices as one ZIP, each as `{number}.pdf` and `{number}.xml`; null when any is not the member's. */
export async function einvoiceZip(token: string, numbers: readonly string[]): Promise<EInvoiceFile> {
  const files: Record<string, Uint8Array> = {};
  for (const n of numbers) {
    const [pdf, xml] = await Promise.all([einvoiceFile(token, n, 'pdf'), einvoiceFile(token, n, 'xml')]);
    if (!pdf || !xml) return null;
    files[pdf.name] = pdf.body;
    files[xml.name] = xml.body;
  }
  const name = numbers.length === 1 ? `${numbers[0]}.zip` : `einvoices-${numbers[0]}-and-${numbers.length - 1}-more.zip`;
  return { name, type: 'application/zip', body: zipSync(files) };
}
