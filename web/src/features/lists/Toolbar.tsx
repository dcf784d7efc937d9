import type { ListQueryEvent, ListSpec } from '@extranet/core';
import { useId } from 'react';
import { Button, Dropdown, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/Icon.tsx';
import { filetypeCsv, layoutThreeColumns, xCircle } from '../../shared/icons.ts';

type Send = (event: ListQueryEvent) => void;

/** 'Sélectionnez un filtre...': the predefined filters of docs/product.md §4. */
export const PresetSelect = ({
  spec,
  preset,
  send,
}: {
  spec: ListSpec;
  preset: string | null;
  send: Send;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const presets = Object.keys(spec.presets);
  if (presets.length === 0) return null;
  return (
    <Form.Group controlId={id}>
      <Form.Label className="visually-hidden">{t('lists.preset')}</Form.Label>
      <Form.Select
        size="sm"
        value={preset ?? ''}
        onChange={(e) =>
          send({ type: 'preset.change', preset: e.target.value === '' ? null : e.target.value })
        }
      >
        <option value="">{t('lists.presetPlaceholder')}</option>
        {presets.map((code) => (
          <option key={code} value={code}>
            {t(`presets.${code}`)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
};

/** 'Recherche Globale' (contains). */
export const GlobalSearch = ({ q, send }: { q: string; send: Send }) => {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form.Group controlId={id}>
      <Form.Label className="visually-hidden">{t('lists.search')}</Form.Label>
      <Form.Control
        size="sm"
        type="search"
        placeholder={t('lists.search')}
        value={q}
        onChange={(e) => send({ type: 'search.change', q: e.target.value })}
      />
    </Form.Group>
  );
};

/** The column chooser 'Informations': only the selectable columns, label = header. */
export const ColumnChooser = ({
  available,
  columns,
  send,
  header,
}: {
  available: readonly string[];
  columns: readonly string[];
  send: Send;
  header: (field: string) => string;
}) => {
  const { t } = useTranslation();
  if (available.length === 0) return null;
  const toggle = (field: string) =>
    send({
      type: 'columns.change',
      columns: columns.includes(field) ? columns.filter((c) => c !== field) : [...columns, field],
    });
  return (
    <Dropdown autoClose="outside">
      <Dropdown.Toggle size="sm" variant="outline-secondary" id="column-chooser">
        <Icon shape={layoutThreeColumns} className="me-1" />
        {t('lists.columns')}
      </Dropdown.Toggle>
      <Dropdown.Menu style={{ maxHeight: 360, overflowY: 'auto' }}>
        {available.map((field) => (
          <div key={field} className="px-3 py-1">
            <Form.Check
              id={`column-${field}`}
              label={header(field)}
              checked={columns.includes(field)}
              onChange={() => toggle(field)}
            />
          </div>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
};

export const PageSizeSelect = ({ spec, size, send }: { spec: ListSpec; size: number; send: Send }) => {
  const { t } = useTranslation();
  const id = useId();
  if (spec.pageSizes.length < 2) return null;
  return (
    <Form.Group controlId={id} className="d-flex align-items-center gap-1">
      <Form.Label className="small mb-0 text-nowrap">{t('lists.pageSize')}</Form.Label>
      <Form.Select
        size="sm"
        value={size}
        onChange={(e) => send({ type: 'size.change', size: Number(e.target.value) })}
      >
        {spec.pageSizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
};

export const ExportButton = ({ busy, send }: { busy: boolean; send: Send }) => {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="outline-success"
      disabled={busy}
      onClick={() => send({ type: 'export.request' })}
    >
      <Icon shape={filetypeCsv} className="me-1" />
      {t('lists.export')}
    </Button>
  );
};

export const ClearFilters = ({ send }: { send: Send }) => {
  const { t } = useTranslation();
  return (
    <Button size="sm" variant="outline-secondary" onClick={() => send({ type: 'filters.clear' })}>
      <Icon shape={xCircle} className="me-1" />
      {t('lists.clearFilters')}
    </Button>
  );
};
