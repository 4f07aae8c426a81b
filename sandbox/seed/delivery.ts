/**
 * The delivery domain's seed: the delivery calendars of the areas the depots serve, the filling stations that hand out
 * cylinders for pickup (自提), and the carrier's vehicles with their crews. Invented for the sandbox, in the shape the back
 * office keeps them; the depots are the cylinder fleet's plants (苏州吴中充装站, 上海浦东充装站: domains/cylinders.ts PLANTS).
 */
import type { AreaCalendar } from '#src/features/delivery/calendar.ts';

/**
 * Per district id (the address's third region id), a city id, or 0 for every other area. 吴中区 is the demo member's
 * default address (seed/member.ts); its route runs Monday to Saturday.
 */
export const calendars: AreaCalendar[] = [
  { regionId: 320506, weekdays: [1, 2, 3, 4, 5, 6], leadDays: 1, cutoffHour: 16, capacity: { AM: 20, PM: 20 } },
  { regionId: 320500, weekdays: [1, 2, 3, 4, 5], leadDays: 1, cutoffHour: 16, capacity: { AM: 4, PM: 4 } },
  { regionId: 310100, weekdays: [1, 2, 3, 4, 5], leadDays: 1, cutoffHour: 15, capacity: { AM: 8, PM: 8 } },
  { regionId: 0, weekdays: [1, 3, 5], leadDays: 2, cutoffHour: 16, capacity: { AM: 10, PM: 10 } },
];

export interface StationSeed {
  id: number;
  name: string;
  address: string;
  phone: string;
  hours: string;
  /** Gas names shown, and the UN numbers the station fills (what decides whether it can hand out an order's gases). */
  fills: string[];
  uns: string[];
  calendar: AreaCalendar;
}

const stationDays = (regionId: number): AreaCalendar => ({
  regionId,
  weekdays: [1, 2, 3, 4, 5, 6],
  leadDays: 1,
  cutoffHour: 16,
  capacity: { AM: 10, PM: 10 },
});

export const stations: StationSeed[] = [
  {
    id: 1,
    name: '苏州吴中充装站',
    address: '江苏省苏州市吴中区郭巷街道吴淞路 88 号',
    phone: '0512-6528 0188',
    hours: '周一至周六 8:30–17:00（法定节假日休息）',
    fills: ['氧气', '氮气', '氩气', '二氧化碳', '乙炔', '氦气', '混合气'],
    uns: ['UN1072', 'UN1066', 'UN1006', 'UN1013', 'UN1001', 'UN1046', 'UN1956'],
    calendar: stationDays(320506),
  },
  {
    id: 2,
    name: '上海浦东充装站',
    address: '上海市浦东新区康桥镇秀浦路 2388 号',
    phone: '021-5812 3366',
    hours: '周一至周六 8:00–16:30（法定节假日休息）',
    fills: ['氧气', '氮气', '氩气', '二氧化碳', '氦气', '氢气'],
    uns: ['UN1072', 'UN1066', 'UN1006', 'UN1013', 'UN1046', 'UN1049'],
    calendar: stationDays(310115),
  },
];

/** The carrier of the supplier's deliveries and its 道路运输经营许可证 (dangerous goods) number. */
export const carrier = { name: '苏州吴越危险货物运输有限公司', licence: '苏交运管许可苏字 320506300128 号', phone: '0512-6528 0199' };
/** The consignor on the waybill: the supplier's filling plant. */
export const consignor = {
  name: '华气工业气体（苏州）有限公司',
  phone: '0512-6528 0100',
  address: '江苏省苏州市吴中区郭巷街道吴淞路 88 号',
};

/** The vehicles and their crews (driver and escort with their 从业资格证 numbers); shipments take them in turn. */
export const fleet = [
  { plate: '苏E·D7321', driver: '王建国', driverCert: '320506198203154512', escort: '陈晓东', escortCert: '320506199011082231' },
  { plate: '苏E·D5186', driver: '刘海波', driverCert: '320586197911230417', escort: '周凯', escortCert: '320506199507196638' },
];
