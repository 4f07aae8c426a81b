/** A tank's automatic-replenishment switch (/member/my-tanks): the server decides; the page reloads to show a delivery it may have scheduled at once. */
import { useId, useState } from 'react';
import { tanks } from '#src/shared/api/contract/tanks.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

export default function TankAutoSwitch({ id, name, on }: { id: number; name: string; on: boolean }) {
  const hint = useId();
  const [checked, setChecked] = useState(on);
  const toggle = useFormAction((next: boolean) => browserApi.call(tanks.setAuto, { params: { id: String(id) }, input: { on: next } }), {
    success: (t) =>
      t.autoReplenish ? (t.nextDelivery ? '已开启自动补货，并已安排配送' : '已开启自动补货') : '已关闭自动补货，请留意液位并手动下单',
    onSuccess: (t) => {
      setChecked(t.autoReplenish);
      if (t.nextDelivery || !t.autoReplenish) setTimeout(() => location.reload(), 800);
    },
  });

  return (
    <div className="tk-switch">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby={hint}
          aria-disabled={toggle.pending}
          onChange={(e) => toggle.run(e.currentTarget.checked)}
        />
        <span>自动补货</span>
        <span className="visually-hidden">{name}</span>
      </label>
      <small id={hint} className="m-hint">
        {checked ? '液位低于订货点或预计用完日期进入交货期时，系统自动下单配送' : '已关闭：不会自动下单，请留意液位'}
      </small>
    </div>
  );
}
