/** Confirmorder's company part (contract/company.ts, shown when the answer carries `company`): PO number and cost centre, required when the company says so, and a notice when the order will wait for approval. */
import { useId } from 'react';
import type { CheckoutCompany } from '#src/shared/api/contract/company.ts';
import { PO_MAX } from '#src/features/company/rules.ts';

export interface CompanyOrderValues {
  poNumber: string;
  costCentre: string;
}

/** The message for a missing required field, or null when the values may be sent. */
export function companyOrderProblem(
  c: CheckoutCompany | undefined,
  v: CompanyOrderValues,
): { field: keyof CompanyOrderValues; message: string } | null {
  if (!c) return null;
  if (c.poRequired && !v.poNumber.trim()) return { field: 'poNumber', message: '请填写采购单号' };
  if (c.costCentreRequired && !v.costCentre.trim()) return { field: 'costCentre', message: '请填写成本中心' };
  return null;
}

interface Props {
  company: CheckoutCompany;
  values: CompanyOrderValues;
  error: { field: keyof CompanyOrderValues; message: string } | null;
  onChange: (v: CompanyOrderValues) => void;
}

export default function CompanyOrderFields({ company, values, error, onChange }: Props) {
  const id = useId();
  const field = (name: keyof CompanyOrderValues, label: string, required: boolean) => (
    <div className="co-field">
      <label htmlFor={`${id}-${name}`}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="co-soft">（选填）</span>}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        maxLength={PO_MAX}
        required={required}
        aria-invalid={error?.field === name}
        aria-describedby={error?.field === name ? `${id}-${name}-error` : undefined}
        onChange={(e) => onChange({ ...values, [name]: e.target.value })}
      />
      {error?.field === name && (
        <p className="co-error" id={`${id}-${name}-error`} role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
  return (
    <section className="co-card" aria-labelledby={`${id}-h`} data-company-part>
      <header className="co-card-head">
        <h2 id={`${id}-h`}>企业采购信息</h2>
        <span className="co-soft">{company.name}</span>
      </header>
      <div className="u-display-grid u-gap-12px u-grid-template-columns-repeat-auto-fit-minmax-220px-1fr">
        {field('poNumber', '采购单号（PO）', company.poRequired)}
        {field('costCentre', '成本中心', company.costCentreRequired)}
      </div>
      {company.approval.needed && (
        <p className="co-notice u-margin-top-12px" role="status" data-approval-notice>
          {company.approval.reason}：提交后订单将进入“待审批”，企业审批人通过后即可付款。
        </p>
      )}
    </section>
  );
}
