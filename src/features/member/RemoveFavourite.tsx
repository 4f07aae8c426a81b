/** Removes a goods from the member's favourites (/collect/del) and hides its card. */
import { member } from '#src/shared/api/contract/member.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

export default function RemoveFavourite({ goodsId, name }: { goodsId: number; name: string }) {
  const remove = useFormAction((_button: HTMLButtonElement) => browserApi.call(member.uncollect, { input: { goodsId } }), {
    success: '已取消收藏',
    onSuccess: (_, button) => button.closest('li')?.remove(),
    // The card is gone; its button never comes back.
    keepPending: true,
  });
  return (
    <button type="button" className="btn" aria-disabled={remove.pending} onClick={(e) => remove.run(e.currentTarget)}>
      取消收藏<span className="visually-hidden">{name}</span>
    </button>
  );
}
