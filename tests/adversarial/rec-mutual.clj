;; mutual recursion with letfn
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(letfn [(ev? [n] (od? (inc n))) (od? [n] (ev? (inc n)))] (ev? 0))
