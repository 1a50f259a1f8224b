// The exported HTML page draws with the same colours, so they live in shared.
export { ROLE_COLORS, dimensionColor } from '../../../../shared/chartColors'
