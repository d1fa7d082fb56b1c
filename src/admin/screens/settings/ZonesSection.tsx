/**
 * Settings -> Shipping zones: which countries the EU, Europe and North America zones hold (the
 * `shippingZones` section); every other country ships as the rest of the world. Choosing a
 * country in one zone takes it out of the zone it was in, so each country stays in exactly one
 * (the server checks it again: domain/shipping.ts zoneCountryIssues).
 */
import { Form, Select, Typography } from 'antd';
import { geoApi } from '../../../domain/api/geo.ts';
import type { ShopSettings } from '../../../domain/settings.model.ts';
import { LISTED_ZONES, type ListedZone } from '../../../domain/shipping.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { SectionForm, useSectionForm } from './section.tsx';

type ZonesForm = Record<ListedZone, string[]>;

export function ZonesSection({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t } = useT();
  const initial = Object.fromEntries(LISTED_ZONES.map((zone) => [zone, [...settings.shippingZones[zone]]])) as ZonesForm;
  const section = useSectionForm(initial, settings.shippingZones, savedAt);
  const countries = useApiQuery(geoApi.countries, {}, { silent: true });
  const options = (countries.data?.records ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));
  /** A country chosen here leaves the other zones. */
  const moved = (zone: ListedZone, codes: string[]) => {
    const values = section.form.getFieldsValue(true) as ZonesForm;
    const others = Object.fromEntries(LISTED_ZONES.filter((z) => z !== zone).map((z) => [z, (values[z] ?? []).filter((code) => !codes.includes(code))]));
    section.form.setFieldsValue({ ...others, [zone]: codes } as never);
  };
  return (
    <SectionForm<ZonesForm>
      section={section}
      title={t('adminMarketing.settings.zonesTitle')}
      testName="zones"
      onFinish={(v) => section.run({ section: 'shippingZones', value: Object.fromEntries(LISTED_ZONES.map((zone) => [zone, v[zone] ?? []])) as Record<ListedZone, string[]> }, (path) => path.slice(0, 1))}
    >
      <Typography.Paragraph type="secondary">{t('adminMarketing.settings.zonesHelp')}</Typography.Paragraph>
      {LISTED_ZONES.map((zone) => (
        <Form.Item key={zone} name={zone} label={t(`adminMarketing.settings.zones.${zone}` as MessageKey)}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={options}
            onChange={(codes: string[]) => moved(zone, codes)}
            style={{ width: '100%' }}
            data-testid={`zone-${zone}`}
          />
        </Form.Item>
      ))}
      <Typography.Paragraph>
        <Typography.Text strong>{t('adminMarketing.settings.zones.world')}</Typography.Text>: {t('adminMarketing.settings.zonesWorld')}
      </Typography.Paragraph>
    </SectionForm>
  );
}
