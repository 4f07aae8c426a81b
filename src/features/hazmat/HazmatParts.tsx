/** Confirmorder's hazmat parts (hazmat_part): the permits still needed, with the link to upload them, and the shipments by dangerous-goods class with their freight. */
import type { CheckoutHazmat } from '#src/shared/api/contract/compliance.ts';
import { DG_LABEL_NAME, type DgLabel } from './segregation.ts';
import { permitsUrl } from '#src/shared/http/routes.ts';
import { formatPrice } from '#src/shared/formats/money.ts';

const labelText = (l: string) => (l in DG_LABEL_NAME ? `${l} ${DG_LABEL_NAME[l as DgLabel]}` : l);

export function PermitNeeds({ hazmat }: { hazmat: CheckoutHazmat }) {
  if (!hazmat.needs.length) return null;
  return (
    <div className="co-gate" role="alert">
      <h2>暂不能下单：需要危化品购买许可</h2>
      {hazmat.needs.map((n) => (
        <p key={n.controlClass}>{n.message}。</p>
      ))}
      <a className="btn btn-primary" href={`${permitsUrl()}?class=${hazmat.needs[0]!.controlClass}`}>
        去上传{hazmat.needs[0]!.permitName}
      </a>
    </div>
  );
}

export function Shipments({ hazmat, headingId }: { hazmat: CheckoutHazmat; headingId: string }) {
  if (hazmat.shipments.length < 2) return null;
  return (
    <section className="co-card" aria-labelledby={headingId}>
      <header className="co-card-head">
        <h2 id={headingId}>分车配送（共 {hazmat.shipments.length} 车）</h2>
      </header>
      <p className="co-soft">按危险货物道路运输配装规定，性质相抵触的气体不得同车装运，以下商品分车配送：</p>
      <ol className="co-shipments">
        {hazmat.shipments.map((s) => (
          <li key={s.no}>
            <p>
              <strong>
                第 {s.no} 车 · {s.shopName}
              </strong>
              {s.labels.length > 0 && <span className="co-soft">（{s.labels.map(labelText).join('、')}）</span>}
              <span className="co-money">运费 {s.freight > 0 ? `¥${formatPrice(s.freight)}` : '¥0.00'}</span>
            </p>
            <ul>
              {s.lines.map((l) => (
                <li key={l.sku_id}>
                  {l.goodsName} <span className="co-soft">{l.specs}</span> ×{l.num}
                  {l.un && <span className="co-soft"> {l.un}</span>}
                </li>
              ))}
            </ul>
            {s.note && <p className="co-soft">{s.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
