/**
 * A check of the cXML documents the shop sends against the cXML 1.2 DTD's rules for them, as docs/punchout.md records
 * them (the DTD's own text is not kept in the repository: its licence is unconfirmed). Element order and required parts:
 * cXML (payloadID, timestamp with a zone), Header (From, To, Sender with Credential+ and UserAgent), Message with
 * PunchOutOrderMessage (BuyerCookie, PunchOutOrderMessageHeader with operationAllowed and Total, ItemIn*), each ItemIn
 * (quantity; ItemID = SupplierPartID, SupplierPartAuxiliaryID?; ItemDetail = UnitPrice, Description+, UnitOfMeasure,
 * Classification+ with a domain), and no SharedSecret anywhere (a browser carries the message).
 */
import { parseXml, type XmlElement } from '#src/features/punchout/xml.ts';

const names = (el: XmlElement) => el.children.map((c) => c.name);

/** Whether `seq` matches a pattern of names with `?`, `+` and `*` suffixes, in order. */
function sequence(seq: string[], pattern: string[]): boolean {
  let i = 0;
  for (const p of pattern) {
    const name = p.replace(/[?+*]$/, '');
    const q = p.at(-1);
    let n = 0;
    while (seq[i] === name && (n === 0 || q === '+' || q === '*')) {
      i++;
      n++;
    }
    if (n === 0 && q !== '?' && q !== '*') return false;
  }
  return i === seq.length;
}

export function orderMessageProblems(xml: string): string[] {
  const out: string[] = [];
  const need = (ok: boolean, what: string) => ok || out.push(what);
  if (/SharedSecret/.test(xml)) out.push('SharedSecret in a browser-carried message');
  if (!xml.includes('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.')) out.push('DOCTYPE of cXML 1.2');
  const doc = parseXml(xml);
  need(doc.name === 'cXML' && !!doc.attrs.payloadID, 'cXML@payloadID');
  need(/[+-]\d\d:\d\d$|Z$/.test(doc.attrs.timestamp ?? ''), 'cXML@timestamp with a time zone');
  need(sequence(names(doc), ['Header', 'Message']), 'cXML = Header, Message');
  const header = doc.children[0]!;
  need(sequence(names(header), ['From', 'To', 'Sender']), 'Header = From, To, Sender');
  for (const part of header.children) {
    const creds = part.children.filter((c) => c.name === 'Credential');
    need(
      creds.length > 0 && creds.every((c) => !!c.attrs.domain && c.children[0]?.name === 'Identity'),
      `${part.name}/Credential@domain, Identity`,
    );
  }
  need(sequence(names(header.children[2]!), ['Credential+', 'UserAgent']), 'Sender = Credential+, UserAgent');
  const message = doc.children[1]!;
  need(['test', 'production', undefined].includes(message.attrs.deploymentMode), 'Message@deploymentMode');
  const pom = message.children[0];
  need(pom?.name === 'PunchOutOrderMessage', 'Message = PunchOutOrderMessage');
  if (!pom) return out;
  need(
    sequence(names(pom), ['BuyerCookie', 'PunchOutOrderMessageHeader', 'ItemIn*']),
    'PunchOutOrderMessage = BuyerCookie, PunchOutOrderMessageHeader, ItemIn*',
  );
  const h = pom.children[1]!;
  need(['create', 'inspect', 'edit'].includes(h.attrs.operationAllowed ?? ''), 'operationAllowed');
  need(h.children[0]?.name === 'Total' && h.children[0].children[0]?.name === 'Money', 'PunchOutOrderMessageHeader = Total(Money), …');
  for (const item of pom.children.filter((c) => c.name === 'ItemIn')) {
    need(/^\d+(\.\d+)?$/.test(item.attrs.quantity ?? ''), 'ItemIn@quantity');
    need(sequence(names(item), ['ItemID', 'ItemDetail']), 'ItemIn = ItemID, ItemDetail');
    need(
      sequence(names(item.children[0]!), ['SupplierPartID', 'SupplierPartAuxiliaryID?']),
      'ItemID = SupplierPartID, SupplierPartAuxiliaryID?',
    );
    const d = item.children[1]!;
    need(sequence(names(d), ['UnitPrice', 'Description+', 'UnitOfMeasure', 'PriceBasisQuantity?', 'Classification+']), 'ItemDetail order');
    need(
      d.children.filter((c) => c.name === 'Classification').every((c) => !!c.attrs.domain),
      'Classification@domain',
    );
    need(d.children[0]?.children[0]?.name === 'Money' && !!d.children[0].children[0].attrs.currency, 'UnitPrice = Money@currency');
  }
  return out;
}
