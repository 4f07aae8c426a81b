/**
 * The company account's settings for its 管理员 (/member/my-company): invite a member by phone with roles and limits, change a
 * member's roles and limits, remove a member, cancel an invitation, and whether orders need a PO number or cost centre. Every
 * call is checked again on the server; the page renders this island only for administrators.
 */
import { useState } from 'react';
import { company, type CompanyAccount as Account, type CompanyMember } from '#src/shared/api/contract/company.ts';
import { COMPANY_ROLE_LABEL, COMPANY_ROLES, type CompanyRole } from './rules.ts';
import { check, formText, type FieldErrors } from '#src/shared/validation/form.ts';
import { formatPrice } from '#src/shared/formats/money.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Confirm from '#src/features/member/Confirm.tsx';
import Field from '#src/shared/ui/Field.tsx';
import { clearForm, Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import TableHead from '#src/shared/ui/TableHead.tsx';

interface Props {
  initial: Account;
}

const limitText = (n: number | null): string => (n === null ? '不限' : `¥${formatPrice(n)}`);
const rolesOfForm = (form: HTMLFormElement): CompanyRole[] =>
  new FormData(form).getAll('roles').filter((r): r is CompanyRole => (COMPANY_ROLES as readonly string[]).includes(String(r)));

function RoleChoice({ chosen, error }: { chosen: readonly CompanyRole[]; error?: string }) {
  // Not an .m-field: its rules size text inputs, and these are checkboxes in a row.
  return (
    <fieldset className="u-border-0 u-padding-0 u-margin-0 u-display-grid u-gap-6px" aria-invalid={Boolean(error)}>
      <legend className="u-padding-0 u-margin-bottom-6px">
        角色
        <span className="m-req" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="u-display-flex u-flex-wrap-wrap u-gap-4px-20px">
        {COMPANY_ROLES.map((r) => (
          <label className="u-display-inline-flex u-gap-8px u-align-items-center u-min-height-44px" key={r}>
            <input className="u-width-18px u-height-18px" type="checkbox" name="roles" value={r} defaultChecked={chosen.includes(r)} />
            {COMPANY_ROLE_LABEL[r]}
          </label>
        ))}
      </div>
      {error && <p className="m-error">{error}</p>}
    </fieldset>
  );
}

function Limits({ errors, perOrder, perMonth }: { errors: FieldErrors; perOrder: number | null; perMonth: number | null }) {
  return (
    <div className="m-grid-2">
      <Field label="单笔限额（元）" name="limitPerOrder" error={errors.limitPerOrder} hint="留空为不限；超过限额的订单需审批">
        {(p) => <input {...p} inputMode="decimal" maxLength={14} defaultValue={perOrder === null ? '' : String(perOrder)} />}
      </Field>
      <Field label="月度限额（元）" name="limitPerMonth" error={errors.limitPerMonth} hint="留空为不限；按自然月累计">
        {(p) => <input {...p} inputMode="decimal" maxLength={14} defaultValue={perMonth === null ? '' : String(perMonth)} />}
      </Field>
    </div>
  );
}

export default function CompanyAccount({ initial }: Props) {
  const [account, setAccount] = useState(initial);
  const [inviteErrors, setInviteErrors] = useState<FieldErrors>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [editErrors, setEditErrors] = useState<FieldErrors>({});
  const [removing, setRemoving] = useState<CompanyMember | null>(null);

  // Every change of the account is one call, a success message and what the answer changes on screen.
  const change = useFormAction((step: { call: () => Promise<unknown>; done: string; after?: (r: unknown) => void }) => step.call(), {
    success: (_, step) => step.done,
    onSuccess: (r, step) => step.after?.(r),
  });
  const busy = change.pending;
  const run = <T,>(call: () => Promise<T>, done: string, after?: (r: T) => void) =>
    change.run({ call, done, after: after as ((r: unknown) => void) | undefined });

  function invite(form: HTMLFormElement) {
    const t = formText(form);
    const r = check(company.invite.input, {
      phone: t.phone,
      roles: rolesOfForm(form),
      limitPerOrder: t.limitPerOrder,
      limitPerMonth: t.limitPerMonth,
    });
    if (!r.ok) return setInviteErrors(r.errors);
    setInviteErrors({});
    run(
      () => browserApi.call(company.invite, { input: r.value }),
      '邀请已发送，对方登录或注册后即可接受',
      (inv) => {
        setAccount((a) => ({ ...a, invitations: [inv, ...a.invitations] }));
        clearForm(form);
      },
    );
  }

  function save(form: HTMLFormElement, uid: number) {
    const t = formText(form);
    const r = check(company.saveMember.input, {
      uid,
      roles: rolesOfForm(form),
      limitPerOrder: t.limitPerOrder,
      limitPerMonth: t.limitPerMonth,
    });
    if (!r.ok) return setEditErrors(r.errors);
    setEditErrors({});
    run(
      () => browserApi.call(company.saveMember, { input: r.value }),
      '成员设置已保存',
      (a) => {
        setAccount(a);
        setEditing(null);
      },
    );
  }

  return (
    <>
      <section className="m-card" aria-labelledby="co-members">
        <div className="m-head">
          <h2 id="co-members">企业成员</h2>
          <span className="m-hint">共 {account.members.length} 人</span>
        </div>
        <div className="m-table-wrap">
          <table className="m-table">
            <TableHead columns={['成员', '角色', '单笔限额', '月度限额', '本月已用', '操作']} />
            <tbody>
              {account.members.map((m) => (
                <tr key={m.uid} data-member={m.uid}>
                  <td>
                    {m.name}
                    <br />
                    <small className="m-hint">{m.phone}</small>
                  </td>
                  <td>{m.roles.map((r) => COMPANY_ROLE_LABEL[r]).join('、')}</td>
                  <td>{limitText(m.limitPerOrder)}</td>
                  <td>{limitText(m.limitPerMonth)}</td>
                  <td>¥{formatPrice(m.monthSpent)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn"
                      onClick={() => setEditing(editing === m.uid ? null : m.uid)}
                      aria-expanded={editing === m.uid}
                    >
                      设置
                    </button>{' '}
                    {m.uid !== account.me.uid && (
                      <button type="button" className="btn" onClick={() => setRemoving(m)}>
                        移除
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {account.members
          .filter((m) => m.uid === editing)
          .map((m) => (
            <Form key={m.uid} label={`设置成员 ${m.name}`} className="m-form u-margin-top-16px" onSubmit={(f) => save(f, m.uid)}>
              <RoleChoice chosen={m.roles} error={editErrors.roles} />
              <Limits errors={editErrors} perOrder={m.limitPerOrder} perMonth={m.limitPerMonth} />
              <FormFoot label="保存设置" pendingLabel="保存中…" pending={busy}>
                <button type="button" className="btn" onClick={() => setEditing(null)}>
                  取消
                </button>
              </FormFoot>
            </Form>
          ))}
      </section>

      <section className="m-card" aria-labelledby="co-invite">
        <h2 id="co-invite">邀请成员</h2>
        <p className="m-hint u-margin-4px-0-14px">
          输入对方手机号：已注册的会员登录后在“企业账户”中接受邀请；未注册的用该手机号注册后即可接受。
        </p>
        <Form label="邀请成员" onSubmit={invite}>
          <Field label="手机号" name="phone" required error={inviteErrors.phone}>
            {(p) => <input {...p} inputMode="numeric" maxLength={11} autoComplete="off" />}
          </Field>
          <RoleChoice chosen={['BUYER']} error={inviteErrors.roles} />
          <Limits errors={inviteErrors} perOrder={null} perMonth={null} />
          <FormFoot label="发送邀请" pendingLabel="发送中…" pending={busy} />
        </Form>
        {account.invitations.length > 0 && (
          <>
            <h3 className="u-margin-18px-0-8px">待接受的邀请</h3>
            <ul className="u-list-style-none u-padding-0 u-margin-0" aria-label="待接受的邀请">
              {account.invitations.map((i) => (
                <li className="u-display-flex u-justify-content-space-between u-gap-12px u-padding-8px-0" key={i.id}>
                  <span>
                    {i.phone} · {i.roles.map((r) => COMPANY_ROLE_LABEL[r]).join('、')} · 单笔 {limitText(i.limitPerOrder)} · 月度{' '}
                    {limitText(i.limitPerMonth)}
                  </span>
                  <button
                    type="button"
                    className="btn"
                    onClick={() => run(() => browserApi.call(company.cancelInvitation, { input: { id: i.id } }), '邀请已撤回', setAccount)}
                  >
                    撤回
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="m-card" aria-labelledby="co-settings">
        <h2 id="co-settings">下单要求</h2>
        <Form
          label="下单要求"
          onSubmit={(form) => {
            const f = new FormData(form);
            const input = { poRequired: f.get('poRequired') === 'on', costCentreRequired: f.get('costCentreRequired') === 'on' };
            run(() => browserApi.call(company.settings, { input }), '下单要求已保存', setAccount);
          }}
        >
          <label className="u-display-flex u-gap-8px u-align-items-center u-min-height-44px">
            <input type="checkbox" name="poRequired" defaultChecked={account.poRequired} />
            下单时必须填写采购单号（PO）
          </label>
          <label className="u-display-flex u-gap-8px u-align-items-center u-min-height-44px">
            <input type="checkbox" name="costCentreRequired" defaultChecked={account.costCentreRequired} />
            下单时必须填写成本中心
          </label>
          <div className="m-form-actions">
            <button type="submit" className="btn btn-primary" aria-disabled={busy}>
              保存
            </button>
          </div>
        </Form>
      </section>

      <Confirm
        open={removing !== null}
        title="移除成员"
        confirmLabel="移除"
        danger
        busy={busy}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const m = removing!;
          run(
            () => browserApi.call(company.removeMember, { input: { uid: m.uid } }),
            `已移除 ${m.name}`,
            (a) => {
              setAccount(a);
              setRemoving(null);
            },
          );
        }}
      >
        <p>移除后 {removing?.name} 将不能再以本企业名义下单，已下的订单不受影响。</p>
      </Confirm>
    </>
  );
}
