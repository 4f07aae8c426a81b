/** Invoice titles (docs/product.md §2 my-invoice): normal and VAT special (company name, tax number of 15/18/20 characters, bank, account, registered address and phone), the default title, delete. */
import { useState } from 'react';
import {
  member,
  INVOICE_TITLE_LIMIT,
  INVOICE_TYPE_LABEL,
  TITLE_TYPE_LABEL,
  type InvoiceTitle,
  type InvoiceType,
  type TitleType,
} from '#src/shared/api/contract/member.ts';
import { order } from '#src/shared/api/contract/order.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Confirm from './Confirm.tsx';
import Field from '#src/shared/ui/Field.tsx';
import TaxNoField from '#src/shared/ui/TaxNoField.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import ListHead from './ListHead.tsx';

interface Props {
  initial: InvoiceTitle[];
}

export default function InvoiceTitles({ initial }: Props) {
  const [list, setList] = useState(initial);
  const [editing, setEditing] = useState<InvoiceTitle | 'new' | null>(null);
  const [type, setType] = useState<InvoiceType>('NORMAL');
  const [titleType, setTitleType] = useState<TitleType>('COMPANY');
  const [removing, setRemoving] = useState<InvoiceTitle | null>(null);
  const saving = useFormAction(
    async (input: InputOf<typeof member.saveInvoiceTitle>) => {
      await browserApi.call(member.saveInvoiceTitle, { input });
      setList(await browserApi.call(member.invoiceTitles, { silent: true }));
    },
    { success: '发票抬头已保存', onSuccess: () => setEditing(null) },
  );
  const { errors, setErrors } = saving;
  const makeDefault = useFormAction((t: InvoiceTitle) => browserApi.call(order.setDefaultInvoice, { input: { invoiceId: t.id } }), {
    success: '已设为默认抬头',
    onSuccess: setList,
  });
  const removal = useFormAction((t: InvoiceTitle) => browserApi.call(member.deleteInvoiceTitle, { input: { id: t.id } }), {
    success: '删除成功！',
    onSuccess: (left) => {
      setList(left);
      setRemoving(null);
    },
  });
  const current = editing && editing !== 'new' ? editing : null;

  function open(t: InvoiceTitle | 'new') {
    setEditing(t);
    setErrors({});
    setType(t === 'new' ? 'NORMAL' : t.type);
    setTitleType(t === 'new' ? 'COMPANY' : t.titleType);
  }

  function save(form: HTMLFormElement) {
    const t = formText(form);
    const company = titleType === 'COMPANY';
    const vat = type === 'VAT_SPECIAL';
    const input = {
      ...(current ? { id: current.id } : {}),
      type,
      titleType,
      title: t.title ?? '',
      taxNo: company ? (t.taxNo ?? '') : '',
      bank: vat ? (t.bank ?? '') : '',
      account: vat ? (t.account ?? '') : '',
      address: vat ? (t.address ?? '') : '',
      phone: vat ? (t.phone ?? '') : '',
      isDefault: t.isDefault === '1' ? 1 : 0,
    };
    const r = check(member.saveInvoiceTitle.input, input);
    if (saving.validated(r)) saving.run(r.value);
  }

  return (
    <>
      <ListHead
        title="发票抬头"
        hint={`最多保存 ${INVOICE_TITLE_LIMIT} 个。增值税专用发票仅开具给单位，须填写开户银行、账号及注册地址电话。`}
        addLabel="新增发票抬头"
        canAdd={!editing && list.filter((t) => !t.source).length < INVOICE_TITLE_LIMIT}
        onAdd={() => open('new')}
      />
      {editing && (
        <Form
          label={current ? '编辑发票抬头' : '新增发票抬头'}
          onSubmit={save}
          className="m-form u-margin-bottom-24px u-padding-bottom-24px u-border-bottom-1px-solid-var-line"
        >
          <fieldset className="m-choice">
            <legend>发票类型</legend>
            {(['NORMAL', 'VAT_SPECIAL'] as const).map((k) => (
              <label key={k}>
                <input
                  type="radio"
                  name="type"
                  value={k}
                  checked={type === k}
                  onChange={() => {
                    setType(k);
                    if (k === 'VAT_SPECIAL') setTitleType('COMPANY');
                  }}
                />
                {INVOICE_TYPE_LABEL[k]}
              </label>
            ))}
          </fieldset>
          <fieldset className="m-choice" aria-describedby={errors.titleType ? 'inv-tt-error' : undefined}>
            <legend>抬头类型</legend>
            {(['COMPANY', 'PERSONAL'] as const).map((k) => (
              <label key={k}>
                <input
                  type="radio"
                  name="titleType"
                  value={k}
                  checked={titleType === k}
                  disabled={type === 'VAT_SPECIAL' && k === 'PERSONAL'}
                  onChange={() => setTitleType(k)}
                />
                {TITLE_TYPE_LABEL[k]}
              </label>
            ))}
          </fieldset>
          {errors.titleType && (
            <p className="m-error" id="inv-tt-error">
              {errors.titleType}
            </p>
          )}
          <Field label={titleType === 'COMPANY' ? '单位名称' : '个人姓名'} name="title" required error={errors.title}>
            {(p) => <input {...p} defaultValue={current?.title} maxLength={100} />}
          </Field>
          {titleType === 'COMPANY' && (
            <TaxNoField key={current?.id ?? 'new'} label="纳税人识别号" error={errors.taxNo} defaultValue={current?.taxNo} />
          )}
          {type === 'VAT_SPECIAL' && (
            <>
              <Field label="开户银行" name="bank" required error={errors.bank}>
                {(p) => <input {...p} defaultValue={current?.bank} maxLength={50} />}
              </Field>
              <Field label="银行账号" name="account" required error={errors.account}>
                {(p) => <input {...p} defaultValue={current?.account} inputMode="numeric" maxLength={30} />}
              </Field>
              <Field label="注册地址" name="address" required error={errors.address}>
                {(p) => <input {...p} defaultValue={current?.address} maxLength={100} />}
              </Field>
              <Field label="注册电话" name="phone" required error={errors.phone} hint="如 0512-66881234">
                {(p) => <input {...p} defaultValue={current?.phone} maxLength={20} inputMode="tel" />}
              </Field>
            </>
          )}
          <label className="m-choice">
            <span className="u-display-inline-flex u-gap-6px u-align-items-center u-min-height-44px">
              <input
                className="u-width-18px u-height-18px"
                type="checkbox"
                name="isDefault"
                value="1"
                defaultChecked={current?.isDefault === 1}
              />
              设为默认抬头
            </span>
          </label>
          {errors.form && <p className="m-form-error">{errors.form}</p>}
          <FormFoot label="保存抬头" pendingLabel="保存中…" pending={saving.pending}>
            <button type="button" className="btn" onClick={() => setEditing(null)}>
              取消
            </button>
          </FormFoot>
        </Form>
      )}
      {list.length === 0 ? (
        <p className="m-empty">还没有发票抬头。</p>
      ) : (
        <ul className="m-cards" aria-label="发票抬头列表">
          {list.map((t) => (
            <li key={t.id} className={t.isDefault ? 'm-tile is-default' : 'm-tile'} data-title={t.id}>
              <div className="m-tile-head">
                <strong>{t.title}</strong>
                {t.isDefault === 1 && <span className="m-badge m-tone-info">默认</span>}
              </div>
              <p>
                {INVOICE_TYPE_LABEL[t.type]} · {TITLE_TYPE_LABEL[t.titleType]}
              </p>
              {t.taxNo && <p>税号：{t.taxNo}</p>}
              {t.type === 'VAT_SPECIAL' && (
                <p>
                  {t.bank} {t.account}
                </p>
              )}
              {t.source === 'COMPANY_VAT' ? (
                // The company's checked VAT details, read as a title (one store, docs/invoices.md): edited only where they live.
                <p className="m-hint">
                  企业开票信息，由企业管理员或财务在<a href="/member/my-company">企业账户</a>中维护
                </p>
              ) : (
                <div className="m-actions">
                  <button type="button" className="btn" onClick={() => open(t)}>
                    编辑<span className="visually-hidden">{t.title}</span>
                  </button>
                  {t.isDefault === 0 && (
                    <button type="button" className="btn" onClick={() => makeDefault.run(t)}>
                      设为默认<span className="visually-hidden">：{t.title}</span>
                    </button>
                  )}
                  <button type="button" className="btn btn-danger" onClick={() => setRemoving(t)}>
                    删除<span className="visually-hidden">{t.title}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Confirm
        open={removing !== null}
        title="删除发票抬头"
        confirmLabel="确认删除"
        danger
        busy={removal.pending}
        onConfirm={() => removing && removal.run(removing)}
        onClose={() => setRemoving(null)}
      >
        <p>确定删除发票抬头“{removing?.title}”吗？</p>
      </Confirm>
    </>
  );
}
