import Handlebars from 'handlebars';
import type { MailKind } from '@bakery/contracts';

/**
 * The emails' Handlebars templates: HTML and plain text for each kind, around one layout with the
 * bakery's name. In HTML every `{{value}}` is escaped by Handlebars (names, business names,
 * instructions and links are people's text); there is no triple-stash anywhere. Plain text is not
 * HTML, so its templates are compiled without escaping. Templates are compiled once, strict (a
 * value the template names and the view lacks is an error, not an empty string).
 */

const hbs = Handlebars.create();

const PRIMARY = '#8a4b14';

hbs.registerPartial(
  'layout',
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#2b2118;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f3ee;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 24px;border-bottom:1px solid #eee4d8;font-size:20px;font-weight:bold;color:${PRIMARY};">{{bakeryName}}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5;word-break:break-word;">
{{> @partial-block }}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #eee4d8;font-size:12px;color:#6b5d50;">This email was sent by {{bakeryName}}.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`,
);

hbs.registerPartial(
  'orderHtml',
  `<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:16px 0;font-size:14px;">
<thead><tr style="background:#f6f3ee;text-align:left;"><th>Item</th><th style="text-align:right;">Qty</th><th style="text-align:right;">Price</th><th style="text-align:right;">Total</th></tr></thead>
<tbody>
{{#each order.items}}<tr style="border-bottom:1px solid #eee4d8;"><td>{{name}}{{#if shortfall}} <em>({{shortfall}} short, not charged)</em>{{/if}}</td><td style="text-align:right;">{{quantity}}</td><td style="text-align:right;">{{unitPrice}}</td><td style="text-align:right;">{{lineTotal}}</td></tr>
{{/each}}
</tbody>
<tfoot>
<tr><td colspan="3" style="text-align:right;">Subtotal</td><td style="text-align:right;">{{order.subtotal}}</td></tr>
<tr><td colspan="3" style="text-align:right;">Delivery fee</td><td style="text-align:right;">{{order.deliveryFee}}</td></tr>
<tr><td colspan="3" style="text-align:right;">Tax</td><td style="text-align:right;">{{order.tax}}</td></tr>
<tr><td colspan="3" style="text-align:right;font-weight:bold;">Total</td><td style="text-align:right;font-weight:bold;">{{order.total}}</td></tr>
</tfoot>
</table>
<p style="margin:0 0 4px;"><strong>Delivery:</strong> {{#if order.deliveryDate}}{{order.deliveryDate}}{{else}}no date chosen{{/if}}{{#if order.slot}}, {{order.slot}}{{/if}}</p>
{{#if order.instructions}}<p style="margin:0 0 4px;"><strong>Instructions:</strong></p><p style="margin:0 0 4px;white-space:pre-wrap;">{{order.instructions}}</p>{{/if}}
`,
);

hbs.registerPartial(
  'orderText',
  `{{#each order.items}}- {{name}} x {{quantity}} @ {{unitPrice}} = {{lineTotal}}{{#if shortfall}} ({{shortfall}} short, not charged){{/if}}
{{/each}}
Subtotal: {{order.subtotal}}
Delivery fee: {{order.deliveryFee}}
Tax: {{order.tax}}
Total: {{order.total}}

Delivery: {{#if order.deliveryDate}}{{order.deliveryDate}}{{else}}no date chosen{{/if}}{{#if order.slot}}, {{order.slot}}{{/if}}
{{#if order.instructions}}Instructions: {{order.instructions}}
{{/if}}`,
);

const button = (href: string, label: string) =>
  `<p style="margin:20px 0;"><a href="${href}" style="display:inline-block;background:${PRIMARY};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;">${label}</a></p>`;

interface Source {
  html: string;
  text: string;
}

const SOURCES: Record<MailKind, Source> = {
  order_confirmation: {
    html: `{{#> layout}}
<h1 style="font-size:20px;margin:0 0 12px;">Thank you for your order</h1>
<p>{{#if order.customerName}}{{order.customerName}}, we{{else}}We{{/if}} have received your order <strong>#{{order.number}}</strong>{{#if order.standingOrder}}, placed from your standing order{{/if}}.</p>
{{#if order.shortfalls.length}}<p style="background:#fff4e5;padding:10px;border-radius:6px;">Some items could not be supplied in full and are not charged:</p>
<ul>{{#each order.shortfalls}}<li>{{name}}: {{units}} short</li>{{/each}}</ul>{{/if}}
{{> orderHtml}}
{{#if order.changeableUntil}}<p>You can change or cancel this order until <strong>{{order.changeableUntil}}</strong>.</p>{{/if}}
${button('{{ordersUrl}}', 'View your orders')}
{{/layout}}`,
    text: `Thank you for your order

{{#if order.customerName}}{{order.customerName}}, we{{else}}We{{/if}} have received your order #{{order.number}}{{#if order.standingOrder}}, placed from your standing order{{/if}}.
{{#if order.shortfalls.length}}
Some items could not be supplied in full and are not charged:
{{#each order.shortfalls}}- {{name}}: {{units}} short
{{/each}}{{/if}}
{{> orderText}}
{{#if order.changeableUntil}}You can change or cancel this order until {{order.changeableUntil}}.
{{/if}}
Your orders: {{ordersUrl}}

{{bakeryName}}
`,
  },
  order_status: {
    html: `{{#> layout}}
<h1 style="font-size:20px;margin:0 0 12px;">{{headline}}</h1>
<p>Your order <strong>#{{order.number}}</strong> {{message}}</p>
{{#if document}}<p>{{document.label}} <strong>{{document.number}}</strong> for {{document.amount}} is attached, and in your orders.</p>
{{#if document.paymentInstructions}}<p style="white-space:pre-line;">{{document.paymentInstructions}}</p>{{/if}}{{/if}}
{{> orderHtml}}
${button('{{ordersUrl}}', 'View your orders')}
{{/layout}}`,
    text: `{{headline}}

Your order #{{order.number}} {{message}}
{{#if document}}

{{document.label}} {{document.number}} for {{document.amount}} is attached, and in your orders.
{{#if document.paymentInstructions}}{{document.paymentInstructions}}
{{/if}}{{/if}}
{{> orderText}}
Your orders: {{ordersUrl}}

{{bakeryName}}
`,
  },
  order_amended: {
    html: `{{#> layout}}
<h1 style="font-size:20px;margin:0 0 12px;">Your order has changed</h1>
<p>Your order <strong>#{{order.number}}</strong> was changed:</p>
<ul>{{#each changes}}<li>{{this}}</li>{{/each}}</ul>
<p>This is the order now:</p>
{{> orderHtml}}
${button('{{ordersUrl}}', 'View your orders')}
{{/layout}}`,
    text: `Your order has changed

Your order #{{order.number}} was changed:
{{#each changes}}- {{this}}
{{/each}}
This is the order now:

{{> orderText}}
Your orders: {{ordersUrl}}

{{bakeryName}}
`,
  },
  admin_new_order: {
    html: `{{#> layout}}
<h1 style="font-size:20px;margin:0 0 12px;">New order #{{order.number}}</h1>
<p>From <strong>{{customerLabel}}</strong> ({{order.customerEmail}}{{#if order.customerPhone}}, {{order.customerPhone}}{{/if}}){{#if order.standingOrder}}, from a standing order{{/if}}.</p>
{{> orderHtml}}
${button('{{adminOrderUrl}}', 'Open in Manage Orders')}
{{/layout}}`,
    text: `New order #{{order.number}}

From {{customerLabel}} ({{order.customerEmail}}{{#if order.customerPhone}}, {{order.customerPhone}}{{/if}}){{#if order.standingOrder}}, from a standing order{{/if}}.

{{> orderText}}
Manage Orders: {{adminOrderUrl}}
`,
  },
  password_reset: {
    html: `{{#> layout}}
<h1 style="font-size:20px;margin:0 0 12px;">Reset your password</h1>
<p>{{#if firstName}}Hello {{firstName}}, someone{{else}}Someone{{/if}} (hopefully you) asked to reset the password of your {{bakeryName}} account.</p>
${button('{{url}}', 'Choose a new password')}
<p>The link works once, until {{expiresAt}}. If you did not ask for it, ignore this email: your password stays as it is.</p>
<p style="font-size:12px;color:#6b5d50;word-break:break-all;">{{url}}</p>
{{/layout}}`,
    text: `Reset your password

{{#if firstName}}Hello {{firstName}}, someone{{else}}Someone{{/if}} (hopefully you) asked to reset the password of your {{bakeryName}} account.

Choose a new password: {{url}}

The link works once, until {{expiresAt}}. If you did not ask for it, ignore this email: your password stays as it is.

{{bakeryName}}
`,
  },
  welcome: {
    html: `{{#> layout}}
<h1 style="font-size:20px;margin:0 0 12px;">Welcome to {{bakeryName}}</h1>
<p>{{#if firstName}}Hello {{firstName}}, an{{else}}An{{/if}} account for ordering from {{bakeryName}} has been made for you with this email address.</p>
<p>Choose your own password to sign in:</p>
${button('{{url}}', 'Set your password')}
<p>The link works once, until {{expiresAt}}.</p>
<p style="font-size:12px;color:#6b5d50;word-break:break-all;">{{url}}</p>
{{/layout}}`,
    text: `Welcome to {{bakeryName}}

{{#if firstName}}Hello {{firstName}}, an{{else}}An{{/if}} account for ordering from {{bakeryName}} has been made for you with this email address.

Set your password: {{url}}

The link works once, until {{expiresAt}}.

{{bakeryName}}
`,
  },
  standing_order_preview: {
    html: `{{#> layout}}
<h1 style="font-size:20px;margin:0 0 12px;">Your coming delivery</h1>
<p>Your standing order <strong>{{name}}</strong> will order this for <strong>{{deliveryDate}}</strong>{{#if slot}}, {{slot}}{{/if}}:</p>
<ul>{{#each lines}}<li>{{name}} x {{quantity}}</li>{{/each}}</ul>
<p>It becomes an order at the cut-off, <strong>{{cutoffAt}}</strong>. Until then you can skip this delivery or change it.</p>
${button('{{skipUrl}}', 'Skip this delivery')}
<p><a href="{{standingOrdersUrl}}" style="color:${PRIMARY};">Change it in your standing orders</a></p>
<p style="font-size:12px;color:#6b5d50;">The skip link works once, until the cut-off, without signing in. <a href="{{preferencesUrl}}" style="color:#6b5d50;">Stop these emails</a></p>
{{/layout}}`,
    text: `Your coming delivery

Your standing order {{name}} will order this for {{deliveryDate}}{{#if slot}}, {{slot}}{{/if}}:
{{#each lines}}- {{name}} x {{quantity}}
{{/each}}
It becomes an order at the cut-off, {{cutoffAt}}. Until then you can skip this delivery or change it.

Skip this delivery: {{skipUrl}}
Change it in your standing orders: {{standingOrdersUrl}}

The skip link works once, until the cut-off, without signing in.
Stop these emails: {{preferencesUrl}}

{{bakeryName}}
`,
  },
  cutoff_reminder: {
    html: `{{#> layout}}
<h1 style="font-size:20px;margin:0 0 12px;">Orders close soon</h1>
<p>Orders for <strong>{{deliveryDate}}</strong> close at <strong>{{cutoffAt}}</strong>, and you have no order for that delivery yet.</p>
${button('{{shopUrl}}', 'Order now')}
<p style="font-size:12px;color:#6b5d50;">You asked for these reminders. <a href="{{preferencesUrl}}" style="color:#6b5d50;">Stop them</a></p>
{{/layout}}`,
    text: `Orders close soon

Orders for {{deliveryDate}} close at {{cutoffAt}}, and you have no order for that delivery yet.

Order now: {{shopUrl}}

You asked for these reminders. Stop them: {{preferencesUrl}}

{{bakeryName}}
`,
  },
};

type Render = (view: object) => string;

const COMPILED = Object.fromEntries(
  Object.entries(SOURCES).map(([kind, source]) => [
    kind,
    {
      html: hbs.compile(source.html, { strict: true }) as Render,
      text: hbs.compile(source.text, { strict: true, noEscape: true }) as Render,
    },
  ]),
) as Record<MailKind, { html: Render; text: Render }>;

/** The HTML and plain text of a mail of `kind` for `view` (which carries `subject` and `bakeryName`). */
export function renderMail(kind: MailKind, view: { subject: string; bakeryName: string }): { html: string; text: string } {
  const compiled = COMPILED[kind];
  return { html: compiled.html(view), text: compiled.text(view) };
}
