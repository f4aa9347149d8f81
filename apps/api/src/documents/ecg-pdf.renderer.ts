import {
  chartEcg, ECG_GAIN_MM_PER_MV, ECG_MAX_CHARTED_SECONDS, ECG_PAPER_SPEED_MM_PER_S, ECG_STRIP_SECONDS, EcgRecording, Profile,
} from '@strive/domain';

/** Millimetres to PDF points (1/72 inch). */
const mm = (value: number) => (value * 72) / 25.4;

/**
 * The page layout in millimetres (A4 landscape, 297 x 210). Tests locate the grid and the
 * trace from these numbers: the grid's left edge, the strips' tops, their height.
 */
export const ECG_LAYOUT = {
  pageWidth: 297,
  pageHeight: 210,
  gridLeft: 20,
  gridWidth: ECG_STRIP_SECONDS * ECG_PAPER_SPEED_MM_PER_S,
  firstStripTop: 30,
  stripHeight: 40,
  stripPitch: 45,
  stripsPerPage: 4,
} as const;

const MINOR_COLOUR = '#f4b6b6';
const MAJOR_COLOUR = '#e0585a';
const TRACE_COLOUR = '#000000';

const CLASSIFICATIONS: Record<string, string> = {
  SINUS_RHYTHM: 'Sinus rhythm', ATRIAL_FIBRILLATION: 'Atrial fibrillation', HIGH_HEART_RATE: 'High heart rate',
  LOW_HEART_RATE: 'Low heart rate', INCONCLUSIVE: 'Inconclusive', OTHER: 'Other',
};

/** The standard PDF fonts encode Windows-1252: any other character prints as '?'. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2019\u201c\u201d\u20ac]/g, '?');

const utc = (date: Date) => `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 19)} UTC`;

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function drawGrid(doc: PDFKit.PDFDocument, top: number): void {
  const { gridLeft, gridWidth, stripHeight } = ECG_LAYOUT;
  const lines = (step: number, colour: string, width: number, skipMajor: boolean) => {
    doc.save().lineWidth(width).strokeColor(colour);
    for (let x = 0; x <= gridWidth; x += step) {
      if (skipMajor && x % 5 === 0) continue;
      doc.moveTo(mm(gridLeft + x), mm(top)).lineTo(mm(gridLeft + x), mm(top + stripHeight));
    }
    for (let y = 0; y <= stripHeight; y += step) {
      if (skipMajor && y % 5 === 0) continue;
      doc.moveTo(mm(gridLeft), mm(top + y)).lineTo(mm(gridLeft + gridWidth), mm(top + y));
    }
    doc.stroke().restore();
  };
  lines(1, MINOR_COLOUR, 0.3, true);
  lines(5, MAJOR_COLOUR, 0.6, false);
}

/** The 1 mV calibration pulse (10 mm high, 0.2 s wide) left of the strip, on its baseline. */
function drawCalibration(doc: PDFKit.PDFDocument, baseline: number): void {
  const left = ECG_LAYOUT.gridLeft - 8;
  doc.save().lineWidth(0.7).strokeColor(TRACE_COLOUR)
    .moveTo(mm(left), mm(baseline)).lineTo(mm(left + 1), mm(baseline))
    .lineTo(mm(left + 1), mm(baseline - ECG_GAIN_MM_PER_MV)).lineTo(mm(left + 6), mm(baseline - ECG_GAIN_MM_PER_MV))
    .lineTo(mm(left + 6), mm(baseline)).lineTo(mm(left + 7), mm(baseline))
    .stroke().restore();
}

/** Points in one 0.1 mm column of paper (4 ms) print as one: only its lowest and highest are drawn. */
const COLUMN_MM = 0.1;

function drawTrace(doc: PDFKit.PDFDocument, top: number, points: readonly (readonly [number, number])[]): void {
  if (points.length === 0) return;
  const { gridLeft, gridWidth, stripHeight } = ECG_LAYOUT;
  const baseline = top + stripHeight / 2;
  // Beyond ±2 mV the trace is cut at the strip's edge, as on paper.
  doc.save().rect(mm(gridLeft), mm(top), mm(gridWidth), mm(stripHeight)).clip();
  doc.lineWidth(0.7).strokeColor(TRACE_COLOUR).lineJoin('round');
  // One content string per strip rather than a call per point: pdfkit writes a buffer per
  // call, which takes seconds for the 200,000 samples a recording may have.
  const operators: string[] = [];
  const emit = (t: number, millivolts: number) => {
    const x = mm(gridLeft + t * ECG_PAPER_SPEED_MM_PER_S).toFixed(2);
    const y = mm(baseline - millivolts * ECG_GAIN_MM_PER_MV).toFixed(2);
    operators.push(`${x} ${y} ${operators.length === 0 ? 'm' : 'l'}`);
  };
  let column = Number.NaN;
  let low: readonly [number, number] | null = null;
  let high: readonly [number, number] | null = null;
  const flush = () => {
    if (!low || !high) return;
    const [first, second] = low[0] <= high[0] ? [low, high] : [high, low];
    emit(first[0], first[1]);
    if (second !== first) emit(second[0], second[1]);
  };
  for (const point of points) {
    const c = Math.floor((point[0] * ECG_PAPER_SPEED_MM_PER_S) / COLUMN_MM);
    if (c !== column) {
      flush();
      column = c;
      low = point;
      high = point;
    } else {
      if (point[1] < (low as readonly [number, number])[1]) low = point;
      if (point[1] > (high as readonly [number, number])[1]) high = point;
    }
  }
  flush();
  doc.addContent(operators.join('\n'));
  doc.stroke().restore();
}

/**
 * The ECG PDF (GET profile/{id}/ecg_recordings/pdf/): each recording on standard paper,
 * 25 mm/s and 10 mm/mV over a 1 mm / 5 mm grid, in 10-second strips, four strips a page,
 * each recording starting on a new page under a header with the profile, time, source,
 * heart rate and classification.
 */
export async function renderEcgPdf(profile: Profile, recordings: readonly EcgRecording[]): Promise<Buffer> {
  // Loaded on the first PDF, not at start-up: pdfkit and its fonts are 4 MB of every process's heap.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4', layout: 'landscape', margin: 0, autoFirstPage: false,
    info: { Title: `ECG of ${printable(profile.name)}`, Author: 'Strive', Subject: 'ECG recording', Creator: 'Strive API' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const charts = recordings.map((recording) => ({ recording, chart: chartEcg(recording) }));
  const totalPages = charts.reduce((sum, { chart }) => sum + Math.ceil(chart.strips.length / ECG_LAYOUT.stripsPerPage), 0);
  let page = 0;
  for (const { recording, chart } of charts) {
    for (let first = 0; first < chart.strips.length; first += ECG_LAYOUT.stripsPerPage) {
      doc.addPage();
      page++;
      const heartRate = recording.averageHeartRate === null ? 'not known' : `${Math.round(recording.averageHeartRate)} bpm`;
      const classification = recording.classification === null ? 'not known' : (CLASSIFICATIONS[recording.classification] ?? recording.classification);
      const cut = chart.truncated ? ` | Charted: the first ${ECG_MAX_CHARTED_SECONDS} s of ${chart.durationSeconds.toFixed(1)} s` : '';
      doc.fillColor('#000000').font('Helvetica-Bold').fontSize(13)
        .text(`ECG - ${printable(profile.name)}`, mm(ECG_LAYOUT.gridLeft), mm(8), { lineBreak: false });
      doc.font('Helvetica').fontSize(9)
        .text(`Page ${page} of ${totalPages} | ${ECG_PAPER_SPEED_MM_PER_S} mm/s | ${ECG_GAIN_MM_PER_MV} mm/mV`, mm(200), mm(9), { width: mm(70), align: 'right', lineBreak: false })
        .text(
          `Recorded: ${utc(recording.start)} | Source: ${recording.source} | Lead: ${printable(recording.lead ?? 'not known')} | ` +
            `Sampling: ${recording.samplingFrequency} Hz | Duration: ${chart.durationSeconds.toFixed(1)} s`,
          mm(ECG_LAYOUT.gridLeft), mm(15), { lineBreak: false },
        )
        .text(`Heart rate: ${heartRate} | Classification: ${classification}${cut}`, mm(ECG_LAYOUT.gridLeft), mm(20), { lineBreak: false });
      chart.strips.slice(first, first + ECG_LAYOUT.stripsPerPage).forEach((strip, i) => {
        const top = ECG_LAYOUT.firstStripTop + i * ECG_LAYOUT.stripPitch;
        doc.fillColor('#555555').font('Helvetica').fontSize(7)
          .text(`${clock(strip.startSecond)} - ${clock(strip.startSecond + ECG_STRIP_SECONDS)}`, mm(ECG_LAYOUT.gridLeft), mm(top - 3.5), { lineBreak: false });
        drawGrid(doc, top);
        drawCalibration(doc, top + ECG_LAYOUT.stripHeight / 2);
        drawTrace(doc, top, strip.points);
      });
    }
  }
  doc.end();
  return done;
}
