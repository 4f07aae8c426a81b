/**
 * 申请合并开票 on a confirmed credit statement (docs/invoices.md "A confirmed statement"): one 数电票 for the statement's orders with
 * one of the member's company titles; the page reloads to show the invoice's number and files.
 */
import { einvoice } from '#src/shared/api/contract/einvoice.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import { TitleField, type TitleChoice } from './RequestEInvoice.tsx';

export default function RequestStatementEInvoice({ month, titles }: { month: string; titles: TitleChoice[] }) {
  const save = useFormAction((titleId: number) => browserApi.call(einvoice.statementRequest, { params: { month }, input: { titleId } }), {
    success: (inv) => `合并发票已开具，号码 ${inv.number}`,
    reloadAfter: 800,
    refusalInForm: true,
  });
  const submit = (form: HTMLFormElement) => {
    const r = check(einvoice.statementRequest.input, { titleId: Number(formText(form).titleId) });
    if (save.validated(r)) save.run(r.value.titleId);
  };
  return (
    <Form label="对账单合并开票" onSubmit={submit}>
      <TitleField titles={titles} error={save.errors.titleId} />
      <FormFoot label="申请合并开票" pending={save.pending} error={save.errors.form} />
    </Form>
  );
}
