/**
 * A new service ticket (docs/product.md §2 my-service, /services/submit_ticket): type, title, description, contact, phone and
 * attachments, checked with the contract's schema; then either the ticket's page (member centre) or its number in place.
 */
import { useState } from 'react';
import { member, TICKET_TYPE_LABEL, type Ticket, type TicketType } from '#src/shared/api/contract/member.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import { check, formText } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Field from '#src/shared/ui/Field.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import Uploader, { type UploadedFile } from '#src/shared/ui/Uploader.tsx';

interface Props {
  contact: string;
  /** Prefilled from a link (the agreed-price page's 协议续签); the member may still change them. */
  title?: string;
  type?: TicketType;
  /** After submitting: open the ticket in the member centre (default), or show its number here (the services page). */
  done?: 'open' | 'show';
}

export default function TicketForm({ contact, title = '', type, done = 'open' }: Props) {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [created, setCreated] = useState<Ticket | null>(null);
  const save = useFormAction((input: InputOf<typeof member.createTicket>) => browserApi.call(member.createTicket, { input }), {
    success: '工单已提交，客服将尽快回复',
    onSuccess: (ticket) => (done === 'show' ? setCreated(ticket) : location.assign(`/member/my-service?id=${ticket.id}`)),
    // Opening the ticket leaves the page: pending until then.
    keepPending: done === 'open',
  });
  const { errors } = save;

  function submit(form: HTMLFormElement) {
    const t = formText(form);
    const r = check(member.createTicket.input, {
      type: t.type || undefined,
      title: t.title,
      content: t.content,
      contact: t.contact,
      phone: t.phone,
      attachments: files.map((f) => f.url),
    });
    if (save.validated(r)) save.run(r.value);
  }

  if (created)
    return (
      <div className="m-ticket-done" role="status">
        <h2>工单已提交</h2>
        <p>
          工单号：<strong data-ticket-id>{created.id}</strong>
        </p>
        <p className="m-hint">客服会在工作时间 2 小时内回复，回复会显示在会员中心的服务工单里。</p>
        <p className="m-form-actions">
          <a className="btn btn-primary" href={`/member/my-service?id=${created.id}`}>
            查看工单
          </a>
          <a className="btn" href="/member/my-service">
            我的服务工单
          </a>
        </p>
      </div>
    );

  return (
    <Form label="提交服务工单" onSubmit={submit}>
      <Field label="工单类型" name="type" required error={errors.type}>
        {(p) => (
          <select {...p} defaultValue={type ?? ''}>
            <option value="">请选择工单类型</option>
            {(Object.keys(TICKET_TYPE_LABEL) as TicketType[]).map((k) => (
              <option key={k} value={k}>
                {TICKET_TYPE_LABEL[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="工单标题" name="title" required error={errors.title}>
        {(p) => <input {...p} defaultValue={title} maxLength={50} />}
      </Field>
      <Field label="问题描述" name="content" required error={errors.content} hint="请写明气体品名、规格、订单号等，便于客服尽快处理">
        {(p) => <textarea {...p} maxLength={1000} />}
      </Field>
      <div className="m-grid-2">
        <Field label="联系人" name="contact" required error={errors.contact}>
          {(p) => <input {...p} defaultValue={contact} maxLength={20} />}
        </Field>
        <Field label="联系电话" name="phone" required error={errors.phone}>
          {(p) => <input {...p} inputMode="numeric" maxLength={11} />}
        </Field>
      </div>
      <Uploader
        label="附件"
        files={files}
        onChange={setFiles}
        max={5}
        error={errors.attachments}
        hint="可上传截图、气瓶标签照片或 PDF，单个不超过 5MB，最多 5 个"
      />
      <FormFoot label="提交工单" pending={save.pending}>
        <a className="btn" href="/member/my-service">
          {done === 'show' ? '我的服务工单' : '返回列表'}
        </a>
      </FormFoot>
    </Form>
  );
}
