# bash completion for lodestone
_lodestone() {
    local cur prev cmd
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    cmd=${COMP_WORDS[1]}
    local commands="playground events record replay check dnd lint bench soak"
    local settings="--generation --classic --pointer-size --pointer-color --contrast-border --auto-hide --reduce-motion --natural-scrolling --scroll-speed --kinetic --magnetism --conventions --plain-drop --reserved --input --decorations --window-buttons"
    case $prev in
        --layout|--out|--latency-probe|--plot|--state-out|--replay|--report|--device) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --generation) COMPREPLY=($(compgen -W "modern classic" -- "$cur")); return ;;
        --input) COMPREPLY=($(compgen -W "wayland libinput both" -- "$cur")); return ;;
        --backend) COMPREPLY=($(compgen -W "wayland libinput" -- "$cur")); return ;;
        --steps) COMPREPLY=($(compgen -W "all scroll wheel pinch rotate smart-zoom swipe3 swipe4 hold tap click drag touch keys" -- "$cur")); return ;;
        --contrast-border|--natural-scrolling|--kinetic|--magnetism|--tap) COMPREPLY=($(compgen -W "on off" -- "$cur")); return ;;
        --conventions) COMPREPLY=($(compgen -W "desktop mac" -- "$cur")); return ;;
        --plain-drop) COMPREPLY=($(compgen -W "move ask" -- "$cur")); return ;;
        --decorations) COMPREPLY=($(compgen -W "auto client server" -- "$cur")); return ;;
        --auto-hide) COMPREPLY=($(compgen -W "never 1 3 5 10" -- "$cur")); return ;;
        --speed) COMPREPLY=($(compgen -W "0.5 1 2 4" -- "$cur")); return ;;
        --pointer-size|--pointer-color|--scroll-speed|--reserved|--window-buttons|--size|--scale|--fps|--display|--frames|--every|--events|--seed|--render-every|--repaint-checks|--max-growth|--timeout|--pause) return ;;
    esac
    if [[ $COMP_CWORD -eq 1 && $cur != -* ]]; then
        COMPREPLY=($(compgen -W "$commands" -- "$cur")); return
    fi
    case $cmd in
        replay) COMPREPLY=($(compgen -W "--layout --speed --report-frames --headless --out --size --scale --fps --every --print --json --realtime --report-states $settings" -- "$cur"))
                [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -- "$cur")) ;;
        record) COMPREPLY=($(compgen -W "--out --keep-keys --display --input --layout --report-states" -- "$cur")) ;;
        check) COMPREPLY=($(compgen -W "--input --steps --report --timeout --pause --conventions --replay --headless --out --reduce-motion --device --tap --help" -- "$cur")) ;;
        dnd) COMPREPLY=($(compgen -W "--steps --repeat --report --state-out --timeout --pause --conventions --auto --help" -- "$cur")) ;;
        lint) COMPREPLY=($(compgen -W "--json" -- "$cur")); [[ $cur != -* ]] && COMPREPLY+=($(compgen -f -X '!*.json' -- "$cur")) ;;
        bench) COMPREPLY=($(compgen -W "engine render latency startup feel all --json --quick --plot" -- "$cur")) ;;
        events) COMPREPLY=($(compgen -W "--backend --json --keep-keys --accept-drops --display" -- "$cur")) ;;
        soak) COMPREPLY=($(compgen -W "--events --seed --render-every --repaint-checks --max-growth" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "--help --version --display --layout --headless --out --size --scale --first-frame --report-outputs --report-input --report-frames --frames --animate --stats --latency-probe --state-out $settings" -- "$cur")) ;;
    esac
}
complete -F _lodestone lodestone
