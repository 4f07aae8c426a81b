/** A line's unit price when it comes from the company's agreement: labelled 协议价, the list price beside it struck through as 目录价. */
import { formatPrice } from '#src/shared/formats/money.ts';
import { AGREED_LABEL, LIST_LABEL } from './rules.ts';
import './prices.css';

interface Props {
  /** Unit price in yuan, as the cart and order lines carry it. */
  price: number;
  /** Present only on an agreed line. */
  listPrice?: number | undefined;
  agreementNo?: string | undefined;
  className?: string;
}

export default function AgreedPrice({ price, listPrice, agreementNo, className }: Props) {
  if (listPrice === undefined) return <span className={className}>¥{formatPrice(price)}</span>;
  return (
    <span className={`agreed-price ${className ?? ''}`} title={agreementNo ? `协议编号 ${agreementNo}` : undefined}>
      <span className="agreed-tag">{AGREED_LABEL}</span>
      <span data-agreed-price>¥{formatPrice(price)}</span>
      {listPrice !== price && (
        <s className="list-price" aria-label={`${LIST_LABEL} ¥${formatPrice(listPrice)}`}>
          ¥{formatPrice(listPrice)}
        </s>
      )}
    </span>
  );
}
