import {
  LABEL_FORMAT_KEYS,
  LABEL_FORMATS,
  type LabelFormat,
  MAX_LABEL_COPIES,
} from '@stockyard/shared';
import { Printer } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Select } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { SidewaysScroll, Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useLabels } from './api/get-labels';
import { LabelSheets } from './components/label-sheets';
import {
  type LabelRun,
  labelPages,
  type Pick,
  perPage,
  readPicks,
  writePicks,
} from './label-layout';
import './labels-print.css';
import { ErrorLine } from '@/components/ui/form-field';

const isFormat = (value: string | null): value is LabelFormat =>
  (LABEL_FORMAT_KEYS as string[]).includes(value ?? '');

/**
 * Labels to print: the types and locations of the address
 * (`?types=12:24,13&locations=4`, each with its copies), on an A4 sheet of 3 × 8 or a 62 mm roll,
 * from a start position on a sheet partly used. Everything chosen stays in the address.
 */
export default function LabelsPage() {
  const [params, setParams] = useSearchParams();
  const types = useMemo(() => readPicks(params.get('types')), [params]);
  const places = useMemo(() => readPicks(params.get('locations')), [params]);
  const rawFormat = params.get('format');
  const format: LabelFormat = isFormat(rawFormat) ? rawFormat : 'a4';
  const size = perPage(format);
  const start = Math.min(Math.max(Number(params.get('start')) || 1, 1), size);
  const outline = params.get('outline') === '1';
  const query = useLabels(
    types.map((pick) => pick.id),
    places.map((pick) => pick.id),
  );

  const change = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const setCopies = (key: 'types' | 'locations', picks: Pick[], id: number, copies: number) =>
    change({
      [key]: writePicks(
        picks.map((pick) =>
          pick.id === id
            ? { id, copies: Math.min(Math.max(Math.trunc(copies) || 0, 0), MAX_LABEL_COPIES) }
            : pick,
        ),
      ),
    });

  if (types.length + places.length === 0) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold">Print Labels</h1>
        <Card className="space-y-3 p-6">
          <h2 className="text-lg font-medium">Choose materials to print labels for</h2>
          <p className="text-sm text-muted-foreground">
            Tick the materials in the catalogue, or choose Print label on a location, and their
            labels open here: each with a QR code that opens the material or the location in
            Stockyard.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link className={buttonVariants()} to="/catalogue">
              Open the catalogue
            </Link>
            <Link className={buttonVariants({ variant: 'outline' })} to="/locations">
              Open locations
            </Link>
          </div>
        </Card>
      </div>
    );
  }

  const data = query.data;
  const copiesOf = (picks: Pick[], id: number) => picks.find((pick) => pick.id === id)?.copies ?? 0;
  const runs: LabelRun[] = data
    ? [
        ...data.materials.map((label) => ({
          content: { kind: 'material' as const, label },
          copies: copiesOf(types, label.id),
        })),
        ...data.locations.map((label) => ({
          content: { kind: 'location' as const, label },
          copies: copiesOf(places, label.id),
        })),
      ]
    : [];
  const pages = labelPages(runs, format, start);
  const count = runs.reduce((sum, run) => sum + run.copies, 0);
  const missing = data
    ? types.length + places.length - data.materials.length - data.locations.length
    : 0;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Print Labels</h1>
        <p className="text-sm text-muted-foreground">
          Each label&apos;s QR code opens its material or location in Stockyard. Print at 100 %
          (actual size), without the browser&apos;s headers and footers.
        </p>
      </div>

      <Card className="space-y-4 p-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-1">
            <Label htmlFor="label-format">Paper</Label>
            <Select
              id="label-format"
              value={format}
              onChange={(event) => change({ format: event.target.value, start: '' })}
            >
              {LABEL_FORMAT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {LABEL_FORMATS[key].name}
                </option>
              ))}
            </Select>
          </div>
          {size > 1 ? (
            <div className="space-y-1">
              <Label htmlFor="label-start">Start at label (1 to {size})</Label>
              <Input
                id="label-start"
                type="number"
                min={1}
                max={size}
                value={start}
                onChange={(event) => change({ start: event.target.value })}
              />
            </div>
          ) : null}
          <Checkbox
            id="label-outline"
            className="self-end pb-2"
            label="Outline each label (to check on plain paper)"
            checked={outline}
            onChange={(event) => change({ outline: event.target.checked ? '1' : '' })}
          />
        </div>

        {query.isPending ? (
          <Spinner label="Loading labels" />
        ) : query.isError ? (
          <ErrorLine>
            Failed to load the labels.{' '}
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </ErrorLine>
        ) : (
          <Table aria-label="Labels to print">
            <THead>
              <tr>
                <TH>Label</TH>
                <TH from="sm">Opens</TH>
                <TH className="w-32">Copies</TH>
              </tr>
            </THead>
            <TBody>
              {runs.map(({ content }) => {
                const key = content.kind === 'material' ? 'types' : 'locations';
                const picks = key === 'types' ? types : places;
                const name =
                  content.kind === 'material'
                    ? `${content.label.code} ${content.label.name}`
                    : content.label.name;
                return (
                  <TR key={`${content.kind}-${content.label.id}`}>
                    <TD className="font-medium">
                      {name}
                      <span className="block text-xs font-normal text-muted-foreground">
                        {content.kind === 'material' ? 'Material' : 'Location'}
                      </span>
                    </TD>
                    <TD from="sm" className="break-all font-mono text-xs">
                      {content.label.address}
                    </TD>
                    <TD>
                      <Input
                        type="number"
                        min={0}
                        max={MAX_LABEL_COPIES}
                        aria-label={`Copies of ${content.label.name}`}
                        value={copiesOf(picks, content.label.id)}
                        onChange={(event) =>
                          setCopies(key, picks, content.label.id, Number(event.target.value))
                        }
                      />
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
        )}
        {missing > 0 ? (
          <p className="text-sm text-muted-foreground">
            {missing === 1
              ? 'One of the chosen records no longer exists and has no label.'
              : `${missing} of the chosen records no longer exist and have no labels.`}
          </p>
        ) : null}

        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm" aria-live="polite">
            {count === 1 ? '1 label' : `${count} labels`} on{' '}
            {pages.length === 1 ? '1 page' : `${pages.length} pages`}
          </p>
          <Button onClick={() => window.print()} disabled={pages.length === 0}>
            <Printer className="h-4 w-4" aria-hidden />
            Print
          </Button>
        </div>
      </Card>

      {/* The paper as it prints; on a narrow screen it scrolls sideways. */}
      <SidewaysScroll label="Print preview" className="rounded-md bg-muted p-4">
        <LabelSheets pages={pages} format={format} outline={outline} />
      </SidewaysScroll>
    </div>
  );
}
