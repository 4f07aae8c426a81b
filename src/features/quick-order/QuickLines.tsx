/** The resolved lines of the pad or a purchase list: what each line was read as, the SKU with its price (agreed or list), stock and quantity, or what is wrong with a choice of candidates. */
import type { SkuOffer } from '#src/shared/api/contract/quick.ts';
import { AGREED_LABEL, quantityRuleText, yuanText } from '#src/features/prices/rules.ts';
import { rowStatus, STATUS_LABEL, type PadRow } from './pad.ts';

interface Props {
  rows: readonly PadRow[];
  /** A candidate chosen for a row (its index). */
  onChoose: (index: number, skuId: number) => void;
  /** A quantity changed on the way. */
  onQty: (index: number, qty: number) => void;
  busy?: boolean;
}

const TONE: Record<string, string> = { OK: 'ok', AMBIGUOUS: 'warn', QUANTITY: 'warn', STOCK: 'warn' };
const offerText = (o: SkuOffer) => `${o.goodsName} ${o.specs} · ${yuanText(o.priceFen)}/${o.unit}${o.onSale ? '' : '（已下架）'}`;

function Goods({ sku }: { sku: SkuOffer }) {
  return (
    <>
      <a href={`/goods/${sku.goodsId}`}>{sku.goodsName}</a>
      <br />
      <small className="m-hint">
        {sku.specs} · 规格编码 {sku.skuId}
      </small>
    </>
  );
}

function Price({ sku }: { sku: SkuOffer }) {
  return (
    <>
      <strong className={sku.agreementNo ? 'qo-agreed' : undefined}>{yuanText(sku.priceFen)}</strong>/{sku.unit}
      {sku.agreementNo && (
        <>
          <br />
          <small className="m-hint">
            {AGREED_LABEL} · 目录价 <s>{yuanText(sku.listFen)}</s>
          </small>
        </>
      )}
    </>
  );
}

export default function QuickLines({ rows, onChoose, onQty, busy }: Props) {
  return (
    <div className="m-table-wrap" tabIndex={0} role="region" aria-label="识别结果">
      <table className="m-table qo-table">
        <thead>
          <tr>
            <th scope="col">行</th>
            <th scope="col">输入</th>
            <th scope="col">商品</th>
            <th scope="col">单价</th>
            <th scope="col">库存</th>
            <th scope="col">数量</th>
            <th scope="col">状态</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const status = rowStatus(row);
            const r = row.resolved;
            const sku = r?.sku;
            const choices = r?.candidates ?? [];
            return (
              <tr key={`${row.lineNo}-${i}`} data-line={row.lineNo} data-status={status}>
                <td data-label="行">{row.lineNo}</td>
                <td data-label="输入">
                  <code>{row.code}</code>
                  {r?.readAs && (
                    <>
                      <br />
                      <small className="m-hint">按{r.readAs}</small>
                    </>
                  )}
                </td>
                <td data-label="商品">
                  {sku ? <Goods sku={sku} /> : '—'}
                  {choices.length > 0 && (
                    <label className="qo-choose">
                      <span className="visually-hidden">第 {row.lineNo} 行</span>
                      {sku ? '换一个' : '选择商品'}
                      <select value="" disabled={busy} onChange={(e) => e.target.value && onChoose(i, Number(e.target.value))}>
                        <option value="">{choices.length} 个可选</option>
                        {choices.map((c) => (
                          <option key={c.skuId} value={c.skuId}>
                            {offerText(c)}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                </td>
                <td data-label="单价">{sku ? <Price sku={sku} /> : '—'}</td>
                <td data-label="库存">{sku ? `${sku.stock} ${sku.unit}` : '—'}</td>
                <td data-label="数量">
                  <input
                    className="qo-qty"
                    type="number"
                    min={1}
                    max={9999}
                    step={sku && sku.multiple > 1 ? sku.multiple : 1}
                    defaultValue={row.qty}
                    key={`${row.qty}-${sku?.skuId ?? ''}`}
                    aria-label={`第 ${row.lineNo} 行数量`}
                    disabled={busy || !sku}
                    onBlur={(e) => {
                      const n = Number(e.target.value);
                      if (Number.isInteger(n) && n >= 1 && n <= 9999 && n !== row.qty) onQty(i, n);
                    }}
                  />
                  {sku && quantityRuleText(sku) && <small className="m-hint qo-rule">{quantityRuleText(sku)}</small>}
                </td>
                <td data-label="状态">
                  <span className={`m-badge m-tone-${TONE[status] ?? 'danger'}`}>{STATUS_LABEL[status]}</span>
                  {(row.problem || r?.message) && <p className="qo-msg">{row.problem ?? r?.message}</p>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
