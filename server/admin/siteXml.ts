/**
 * Sets one property in `zeppelin-site.xml` while keeping the rest of the operator's file (comments, order,
 * other properties) as it was: the value is replaced in place, or a new property is added before the end tag.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../storage/atomicWrite';

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function withSiteProperty(xml: string, name: string, value: string): string {
  const property = new RegExp(`(<property>\\s*<name>\\s*${escapeRe(escapeXml(name))}\\s*</name>\\s*<value>)[\\s\\S]*?(</value>)`);
  if (property.test(xml)) return xml.replace(property, (_m, open: string, close: string) => `${open}${escapeXml(value)}${close}`);
  const entry = `  <property>\n    <name>${escapeXml(name)}</name>\n    <value>${escapeXml(value)}</value>\n  </property>\n`;
  if (/<\/configuration>/.test(xml)) return xml.replace(/<\/configuration>/, `${entry}</configuration>`);
  return `<?xml version="1.0"?>\n<configuration>\n${entry}</configuration>\n`;
}

export async function setSiteProperty(confDir: string, name: string, value: string): Promise<void> {
  const file = join(confDir, 'zeppelin-site.xml');
  const xml = existsSync(file) ? readFileSync(file, 'utf8') : '';
  await atomicWrite(file, withSiteProperty(xml, name, value));
}
