/** Stand-ins for the external services the side bar embeds: the online chat, the requirements form and the questionnaire's click record. */
import type { Ctx, Sandbox } from '../app.ts';

const page = (title: string, body: string) =>
  new Response(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{margin:0;font:14px/1.6 system-ui,'Noto Sans CJK SC',sans-serif;color:#1f2933;background:#f5f7fa}main{padding:16px}h1{font-size:16px;margin:0 0 12px}
.msg{background:#fff;border-radius:6px;padding:10px 12px;margin:8px 0;box-shadow:0 1px 4px rgb(0 0 0/6%)}label{display:block;margin:10px 0 4px}
input,textarea,select{width:100%;box-sizing:border-box;padding:8px;border:1px solid #cbd2d9;border-radius:4px;font:inherit}button{margin-top:12px;background:#0b5cad;color:#fff;border:0;border-radius:4px;padding:8px 20px;font:inherit}</style>
</head><body><main>${body}</main></body></html>`,
    { headers: { 'content-type': 'text/html; charset=utf-8' } },
  );

function hookEmbedChat() {
  return page(
    '在线客服',
    `<h1>在线客服</h1><div class="msg">您好，我是华气云商客服小华，请问需要咨询哪种气体？工作时间 8:30-17:30，其余时间请留言。</div>
<form><label for="q">您的问题</label><textarea id="q" rows="3" placeholder="例如：40L 高纯氩气的配送周期"></textarea><button type="button">发送</button></form>`,
  );
}

function hookEmbedForm() {
  return page(
    '需求登记',
    `<h1>提交采购需求</h1><form><label for="n">联系人</label><input id="n"><label for="p">手机号</label><input id="p" inputmode="tel">
<label for="g">需求气体</label><select id="g"><option>高纯气体</option><option>标准气体</option><option>液态大宗气体</option><option>现场制气</option><option>气瓶及减压器</option></select>
<label for="d">需求描述</label><textarea id="d" rows="3"></textarea><button type="button">提交需求</button></form>`,
  );
}

// The questionnaire service's click record: a beacon from the shop, cross-origin.
function hookEmbedClick(ctx: Ctx<unknown>) {
  ctx.db.run('INSERT INTO embed_clicks (at, body) VALUES (?, ?)', ctx.now(), JSON.stringify(ctx.input ?? null));
  return new Response(null, { status: 204, headers: { 'access-control-allow-origin': '*' } });
}

function hookEmbedClicks(ctx: Ctx<unknown>) {
  return { count: ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM embed_clicks')!.n };
}

export function install(sb: Sandbox): void {
  sb.hook('GET', '/embed/chat', hookEmbedChat);
  sb.hook('GET', '/embed/form', hookEmbedForm);
  sb.hook('POST', '/embed/click', hookEmbedClick);
  sb.hook('GET', '/embed/clicks', hookEmbedClicks);
}
