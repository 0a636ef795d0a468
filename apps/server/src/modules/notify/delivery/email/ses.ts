import { awsSignedHeaders } from '../aws-sign';
import { DeliveryError, type EmailSender, expectSuccess } from '../vendor';
import { answered, formatAddress, required, senderOf, textAt } from './common';

/**
 * Amazon SES v2 SendEmail: `POST /v2/email/outbound-emails` on the region's endpoint, signed with
 * AWS Signature Version 4 (service `ses`) from the access key id and secret. Success is 200
 * `{ MessageId }`; errors name their type in `x-amzn-ErrorType` (MessageRejected,
 * MailFromDomainNotVerifiedException, TooManyRequestsException…) with a `message`. SES has no
 * idempotency key for SendEmail. Signed with the aws4 library (delivery/aws-sign.ts): the AWS SDK
 * client would be a large dependency for one call.
 */
export const ses: EmailSender = async (ctx, message) => {
  const accessKeyId = required(ctx, 'SES', 'apiKey', 'access key id');
  const secretAccessKey = required(ctx, 'SES', 'secretKey', 'secret access key');
  const region = required(ctx, 'SES', 'region', 'region');
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region))
    throw new DeliveryError(`SES: "${region.slice(0, 40)}" is not an AWS region (e.g. ap-south-1)`);
  const from = senderOf(ctx, 'SES');
  const url = `${ctx.origin(`https://email.${region}.amazonaws.com`)}/v2/email/outbound-emails`;
  const body = JSON.stringify({
    FromEmailAddress: formatAddress(from),
    Destination: { ToAddresses: [message.to] },
    Content: {
      Simple: {
        Subject: { Data: message.subject, Charset: 'UTF-8' },
        Body: {
          Html: { Data: message.html, Charset: 'UTF-8' },
          ...(message.text ? { Text: { Data: message.text, Charset: 'UTF-8' } } : {}),
        },
      },
    },
    EmailTags: [{ Name: 'transactionId', Value: message.transactionId.replace(/[^\w-]/g, '_') }],
  });
  const headers = awsSignedHeaders({
    url,
    headers: { 'content-type': 'application/json' },
    body,
    service: 'ses',
    region,
    keys: { accessKeyId, secretAccessKey },
  });
  const answer = await ctx.http({ url, headers, body });
  expectSuccess('SES', answer, (json) => {
    const type = answer.headers.get('x-amzn-errortype')?.split(':')[0];
    const text = textAt(json, 'message') ?? textAt(json, 'Message');
    return type || text ? [type, text].filter(Boolean).join(': ') : undefined;
  });
  const messageId = textAt(answer.json, 'MessageId');
  return { messageId, raw: answered(answer.status, messageId) };
};
