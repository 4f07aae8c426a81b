/** Invitations to company accounts sent to the signed-in member's phone (/member/my-company): accept one to order under that company. */
import { company, type Invitation } from '#src/shared/api/contract/company.ts';
import { COMPANY_ROLE_LABEL } from './rules.ts';
import { formatPrice } from '#src/shared/formats/money.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

const limitText = (n: number | null): string => (n === null ? '不限' : `¥${formatPrice(n)}`);

export default function CompanyInvitations({ list }: { list: Invitation[] }) {
  const accept = useFormAction((id: number) => browserApi.call(company.accept, { input: { id } }), {
    success: (a) => `已加入 ${a.name}`,
    reloadAfter: 800,
  });
  return (
    <ul className="u-list-style-none u-padding-0 u-margin-0" aria-label="收到的企业邀请">
      {list.map((i) => (
        <li key={i.id} className="m-tile u-margin-bottom-10px">
          <p>
            <strong>{i.companyName}</strong> 邀请您加入企业采购账户（邀请人：{i.invitedBy}）
          </p>
          <p className="m-hint">
            角色：{i.roles.map((r) => COMPANY_ROLE_LABEL[r]).join('、')} · 单笔限额 {limitText(i.limitPerOrder)} · 月度限额{' '}
            {limitText(i.limitPerMonth)}
          </p>
          <div className="m-actions">
            <button type="button" className="btn btn-primary" aria-disabled={accept.pending} onClick={() => accept.run(i.id)}>
              接受邀请
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
