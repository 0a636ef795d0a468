import { z } from 'zod';

/** Email content authored as blocks: text and buttons, each aligned left, center or right. */
export const EMAIL_BLOCK_ALIGNMENTS = ['left', 'center', 'right'] as const;

export const ZEmailBlock = z.object({
  type: z.enum(['text', 'button']),
  /** A Handlebars template: the text, or the button's label. */
  content: z.string().max(20_000),
  /** Buttons: where they lead (http, https, mailto, or a template such as `{{url}}`). */
  url: z
    .string()
    .max(2000)
    .regex(/^(?:https?:\/\/|mailto:|\{\{)/i, 'a link starts with https://, http://, mailto: or {{')
    .optional(),
  styles: z.object({ textAlign: z.enum(EMAIL_BLOCK_ALIGNMENTS).optional() }).optional(),
});
export type TEmailBlock = z.infer<typeof ZEmailBlock>;

const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5';

/** Escapes the text around Handlebars expressions, which stay as written (they escape at render). */
function escapeOutsideTemplates(text: string): string {
  return text
    .split(/(\{\{\{?[\s\S]*?\}\}\}?)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replaceAll('&', '&amp;')
            .replaceAll('<', '&lt;')
            .replaceAll('>', '&gt;')
            .replaceAll('"', '&quot;'),
    )
    .join('');
}

/**
 * The blocks as email-safe HTML (a Handlebars template): one presentation table per block, inline
 * styles only, `align` attributes for clients that ignore CSS, bulletproof-style buttons. Line
 * breaks in text become `<br>`. The server stores the result as the step's content; the editor's
 * preview renders the same.
 */
export function emailBlocksToHtml(blocks: readonly TEmailBlock[]): string {
  return blocks
    .map((block) => {
      const align = block.styles?.textAlign ?? 'left';
      const content = escapeOutsideTemplates(block.content).replaceAll('\n', '<br>');
      const cell =
        block.type === 'button'
          ? `<a href="${escapeOutsideTemplates(block.url ?? '#')}" target="_blank" style="display:inline-block;padding:10px 22px;background-color:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;${FONT}">${content}</a>`
          : content;
      const padding = block.type === 'button' ? '12px 0' : '6px 0';
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse"><tr><td align="${align}" style="padding:${padding};text-align:${align};color:#222222;${FONT}">${cell}</td></tr></table>`;
    })
    .join('\n');
}
