// The report page: reads the relay's own API with the channel's token (kept in sessionStorage,
// never in a URL) and shows today's payments, the settlement totals of the last 30 days with a
// chart, and the reconciliation file as a download. Text goes into the page as text, never as markup.
'use strict';

const DAY = 24 * 60 * 60 * 1000;
const $ = (id) => document.getElementById(id);
let session = null;

function day(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

function say(text) {
  $('message').textContent = text;
}

async function api(path) {
  const separator = path.includes('?') ? '&' : '?';
  const response = await fetch(`${path}${separator}entityId=${encodeURIComponent(session.entityId)}`, { headers: { Authorization: `Bearer ${session.token}` } });
  if (response.status === 401 || response.status === 403) throw new Error('The channel or the access token is not valid.');
  return response;
}

async function json(path) {
  const body = await (await api(path)).json();
  // Nothing found is 700.400.580: an empty list here.
  return body.result && body.result.code === '700.400.580' ? null : body;
}

function row(cells) {
  const tr = document.createElement('tr');
  for (const cell of cells) {
    const td = document.createElement('td');
    td.textContent = cell;
    tr.append(td);
  }
  return tr;
}

async function showPayments() {
  const today = day(Date.now());
  const rows = [];
  for (let pageNo = 1, pages = 1; pageNo <= pages && pageNo <= 10; pageNo++) {
    const body = await json(`/v1/query?date.from=${today}&date.to=${today}&pageNo=${pageNo}`);
    if (!body) break;
    pages = body.pages;
    for (const p of body.payments) rows.push(row([p.timestamp.slice(11, 19), p.id, p.paymentType, p.paymentBrand || '', `${p.amount} ${p.currency}`, p.result.code]));
  }
  $('payments').tBodies[0].replaceChildren(...rows);
  $('payments-empty').hidden = rows.length > 0;
}

function drawChart(aggregations) {
  const svg = $('chart');
  const ns = 'http://www.w3.org/2000/svg';
  const nets = aggregations.map((a) => Number(a.totals.net));
  const max = Math.max(1, ...nets.map(Math.abs));
  const width = 620 / Math.max(aggregations.length, 1);
  const bars = aggregations.map((a, i) => {
    const rect = document.createElementNS(ns, 'rect');
    const height = (Math.abs(nets[i]) / max) * 70;
    rect.setAttribute('x', String(i * width + 2));
    rect.setAttribute('width', String(Math.max(width - 4, 1)));
    rect.setAttribute('y', String(nets[i] >= 0 ? 80 - height : 80));
    rect.setAttribute('height', String(height));
    rect.setAttribute('class', nets[i] >= 0 ? 'bar' : 'bar negative');
    const title = document.createElementNS(ns, 'title');
    title.textContent = `${a.date} ${a.currency} ${a.totals.net}`;
    rect.append(title);
    return rect;
  });
  svg.replaceChildren(...bars);
}

async function showSettlement() {
  const now = Date.now();
  const body = await json(`/reports/v1/reconciliations/aggregations?date.from=${day(now - 30 * DAY)}&date.to=${day(now)}`);
  const aggregations = body ? body.aggregations : [];
  $('settlements').tBodies[0].replaceChildren(...aggregations.map((a) => row([a.date, a.currency, a.totals.settled, a.totals.refunded, a.totals.fees, a.totals.chargebacks, a.totals.net])));
  $('settlement-empty').hidden = aggregations.length > 0;
  drawChart(aggregations);
}

async function show() {
  say('');
  try {
    await Promise.all([showPayments(), showSettlement()]);
    $('sign-in').hidden = true;
    $('report').hidden = false;
  } catch (error) {
    say(error.message);
  }
}

async function download() {
  const now = Date.now();
  const response = await api(`/reports/v1/reconciliations/file?date.from=${day(now - 30 * DAY)}&date.to=${day(now)}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') || '');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name ? name[1] : 'reconciliation.csv';
  document.body.append(link);
  link.click();
  link.remove();
}

document.addEventListener('DOMContentLoaded', () => {
  const stored = sessionStorage.getItem('reportSession');
  if (stored) {
    session = JSON.parse(stored);
    show();
  }
  $('sign-in').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    session = { entityId: String(form.get('entityId')), token: String(form.get('token')) };
    sessionStorage.setItem('reportSession', JSON.stringify(session));
    show();
  });
  $('refresh').addEventListener('click', show);
  $('download').addEventListener('click', () => download().catch((error) => say(error.message)));
  $('sign-out').addEventListener('click', () => {
    sessionStorage.removeItem('reportSession');
    session = null;
    $('report').hidden = true;
    $('sign-in').hidden = false;
  });
});
