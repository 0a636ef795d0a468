import { awsSignedHeaders } from '../aws-sign';
import { DeliveryError, type SmsSender, type VendorAnswer, vendorFailure } from '../vendor';
import { required, summary } from './common';

const PROVIDER = 'Amazon SNS';

/** SNS error codes worth trying again even when answered with a 4xx. */
const TRANSIENT_CODES = new Set(['Throttling', 'ThrottledException', 'Throttled', 'KMSThrottling']);

const xmlValue = (xml: string, tag: string): string | undefined =>
  new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];

function failure(answer: VendorAnswer) {
  const code = xmlValue(answer.text, 'Code');
  const detail = code ? `${code}: ${xmlValue(answer.text, 'Message') ?? ''}`.trim() : undefined;
  const error = vendorFailure(PROVIDER, answer, detail);
  if (!code || !TRANSIENT_CODES.has(code) || error.kind === 'transient') return error;
  return new DeliveryError(error.message, {
    raw: error.raw,
    kind: 'transient',
    retryAfterMs: error.retryAfterMs,
    status: error.status,
  });
}

/**
 * Amazon SNS Publish to a phone number: POST / on sns.{region}.amazonaws.com, Query API form body
 * (Action=Publish, PhoneNumber, Message, the SMS type attribute, Version=2010-03-31), signed with
 * AWS Signature Version 4 (service `sns`) by `aws4`. Answers XML with PublishResult/MessageId;
 * errors are XML ErrorResponse/Error/Code. SNS has no idempotency key for SMS (deduplication ids
 * exist only for FIFO topics).
 */
export const sns: SmsSender = async (ctx, message) => {
  const accessKeyId = required(ctx, PROVIDER, 'apiKey', 'access key id');
  const secretAccessKey = required(ctx, PROVIDER, 'secretKey', 'secret access key');
  const region = required(ctx, PROVIDER, 'region', 'region');
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region))
    throw new DeliveryError(`${PROVIDER}: "${region}" is not an AWS region name`);
  const url = new URL('/', ctx.origin(`https://sns.${region}.amazonaws.com`));
  const body = new URLSearchParams([
    ['Action', 'Publish'],
    ['PhoneNumber', message.to],
    ['Message', message.content],
    ['MessageAttributes.entry.1.Name', 'AWS.SNS.SMS.SMSType'],
    ['MessageAttributes.entry.1.Value.DataType', 'String'],
    ['MessageAttributes.entry.1.Value.StringValue', 'Transactional'],
    ['Version', '2010-03-31'],
  ]).toString();
  const headers = awsSignedHeaders({
    url: url.toString(),
    service: 'sns',
    region,
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'text/xml' },
    keys: { accessKeyId, secretAccessKey },
  });
  const answer = await ctx.http({ url: url.toString(), headers, body });
  if (answer.status < 200 || answer.status > 299) throw failure(answer);
  return { messageId: xmlValue(answer.text, 'MessageId'), raw: summary(answer) };
};
