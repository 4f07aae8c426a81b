"""How the numbers in src/lib/toolbox/gas-physics.ts were produced: reference equations of state (the ones NIST REFPROP and
the NIST Chemistry WebBook use) as implemented by CoolProp 8, run once by hand: python3 scripts/tools/gas-physics-data.py.
Acetylene has no reference EOS there; its gas densities use the Tsonopoulos second virial coefficient instead."""
import json
import CoolProp.CoolProp as CP

R = 8.314462618
ATM = 101325.0
STATES = {'n': 273.15, 's15': 288.15, 's20': 293.15, 'scf': (70 - 32) / 1.8 + 273.15}
CO2_LIQUID_P = 300 * 6894.757293168 + ATM  # 300 psig: the bulk-storage state of vendor CO2 tables

GASES = [
    ('nitrogen', 'Nitrogen', 'Nitrogen'), ('oxygen', 'Oxygen', 'Oxygen'), ('argon', 'Argon', 'Argon'),
    ('carbon-dioxide', 'CarbonDioxide', 'CarbonDioxide'), ('hydrogen', 'Hydrogen', 'ParaHydrogen'), ('helium', 'Helium', 'Helium'),
    ('nitrous-oxide', 'NitrousOxide', 'NitrousOxide'), ('methane', 'Methane', 'Methane'), ('neon', 'Neon', 'Neon'),
    ('krypton', 'Krypton', 'Krypton'), ('xenon', 'Xenon', 'Xenon'), ('propane', 'n-Propane', 'n-Propane'), ('ammonia', 'Ammonia', 'Ammonia'),
]
CYLINDER = ['nitrogen', 'oxygen', 'argon', 'hydrogen', 'helium', 'methane', 'neon', 'krypton']

out = {}
for key, gas, liquid in GASES:
    M = CP.PropsSI('M', gas) * 1000
    row = {'M': round(M, 4), 'eos': CP.get_fluid_param_string(gas, 'BibTeX-EOS')}
    for s, T in STATES.items():
        row[s] = round(CP.PropsSI('D', 'T', T, 'P', ATM, gas), 5)
    if key == 'carbon-dioxide':
        row['liquid'] = round(CP.PropsSI('D', 'P', CO2_LIQUID_P, 'Q', 0, liquid), 2)
        row['liquidT'] = round(CP.PropsSI('T', 'P', CO2_LIQUID_P, 'Q', 0, liquid) - 273.15, 1)
    else:
        row['liquid'] = round(CP.PropsSI('D', 'P', ATM, 'Q', 0, liquid), 2)
        row['liquidT'] = round(CP.PropsSI('T', 'P', ATM, 'Q', 0, liquid) - 273.15, 2)
    if key in CYLINDER:
        for T, name in ((288.15, 'z15'), (293.15, 'z20')):
            row[name] = [1.0] + [round(CP.PropsSI('Z', 'T', T, 'P', p * 1e6, gas), 5) for p in range(1, 31)]
    out[key] = row

# Acetylene: Tsonopoulos (AIChE J. 1974, 20, 263) with Tc 308.3 K, Pc 6.138 MPa, omega 0.189 (Poling et al., Properties of Gases and Liquids, 5th ed., App. A).
Tc, Pc, w, M = 308.3, 6.138e6, 0.189, 26.0373
def B(T):
    tr = Tc / T
    f0 = 0.1445 - 0.330 * tr - 0.1385 * tr**2 - 0.0121 * tr**3 - 0.000607 * tr**8
    f1 = 0.0637 + 0.331 * tr**2 - 0.423 * tr**3 - 0.008 * tr**8
    return (f0 + w * f1) * R * Tc / Pc
row = {'M': M, 'eos': 'Tsonopoulos-1974'}
for s, T in STATES.items():
    Z = 1 + B(T) * ATM / (R * T)
    row[s] = round(ATM * M / 1000 / (Z * R * T), 5)
out['acetylene'] = row
print(json.dumps(out, indent=1))
